// OpenAPI descriptions of a resource's routes, from the same field list that validates: operation ids
// (listPackingItems, getProject...), typed parameters, named schemas, and the answers each can give
// (server/http/openapi-document.ts adds the standard 400/401/403/404/503 ones).
import { z } from 'zod';
import type { Resource } from '../../../src/domain/resource.js';
import { mutationOps } from '../../../src/domain/sync-wire.js';
import type { JsonSchema } from '../../http/openapi-json.js';
import { apiNames, pascal } from './api-names.js';
import { listQuery } from './openapi-query.js';
import { resourceSchemas } from './openapi-schemas.js';

const UUID = { type: 'string', format: 'uuid' } as const;
// Validated (a malformed id is a 400 naming it); the rest of a resource route's schema documents only.
const params = z.object({ id: z.uuid() });
const idempotencyKey = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Any unique text (a UUID): a retry with the same key gets the first answer again and writes nothing twice (kept 30 days).',
};
const ifMatch = {
  type: 'string',
  pattern: '^(W/)?"?\\d+"?$',
  description: 'The version you read (the ETag): the change is refused with 412 if the record changed since.',
};
const writeHeaders = (extra: Record<string, JsonSchema> = {}) => ({
  type: 'object',
  properties: { 'idempotency-key': idempotencyKey, ...extra },
});
const record = (schema: JsonSchema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const historyEntry = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: [...mutationOps] },
    version: { type: 'integer' },
    changes: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { from: {}, to: {} } },
      description: '{field: {from, to}}',
    },
    user: {
      type: ['object', 'null'],
      properties: {
        id: UUID,
        username: { type: 'string' },
        first_name: { type: 'string' },
        last_name: { type: 'string' },
      },
    },
    client_id: { type: ['string', 'null'], description: 'The device that made the change, if one did.' },
    occurred_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When it happened on the device.',
    },
    at: { type: 'string', format: 'date-time', description: 'When the server recorded it.' },
    note: { type: ['string', 'null'] },
  },
  required: ['action', 'version', 'changes', 'user', 'client_id', 'occurred_at', 'at'],
};

/** The route schemas of a resource: list, read, history, create, update, partial update, delete. */
export function docs(resource: Resource) {
  const { one, many, tag } = apiNames(resource);
  const One = pascal(one);
  const Many = pascal(many);
  const schemas = resourceSchemas(resource);
  const tags = [tag];
  const readOnly = resource.writableBy === null;
  const who = readOnly
    ? 'Read-only through this API.'
    : resource.creatableBy === 'staff' && resource.writableBy === 'admin'
      ? 'Staff add (and correct what they added); admins edit and delete; customer tokens read only.'
      : `Staff write${resource.writableBy === 'admin' ? ' nothing: admins only' : ''}; customer tokens read only.`;
  const etag = { etag: { type: 'string', description: 'The version, as "3"' } };
  // The tally's rule (engine/tally.ts): a packing item is validated once.
  const once =
    resource.name === 'packing-list'
      ? {
          text: ' An item already validated is not validated again: a new `validation_prompter_identifier` or `validation_datetime` while `validated` is a 409 naming who validated it and when (send `validated: false` first to undo).',
          answers: [409],
        }
      : { text: '', answers: [] };
  return {
    list: {
      operationId: `list${Many}`,
      tags,
      summary: `List ${many}`,
      description:
        `A page of ${many}, ordered by ${resource.ordering.join(', ')} unless \`ordering\` says otherwise. ` +
        'Filters combine with AND; a repeated filter (`?x=a&x=b`) matches any of its values. ' +
        `\`updated_since\` keeps the ${many} changed at or after a time, \`include_deleted=true\` adds the deleted ones ` +
        'with `deleted_at` set: together, an incremental read (see the API guide above).',
      querystring: listQuery(resource),
      response: { 200: record(schemas.page, `A page of ${many}`) },
    },
    read: {
      operationId: `get${One}`,
      tags,
      summary: `Read one ${one}`,
      description: `The ${one}, with its \`version\` also in the ETag header. ${who}`,
      params,
      response: { 200: { ...record(schemas.row, `The ${one}`), headers: etag } },
    },
    history: {
      operationId: `get${One}History`,
      tags,
      summary: `Change history of one ${one}`,
      description: 'Who changed which fields, from what to what, oldest first; deletes included. Users only.',
      params,
      response: {
        200: record(
          {
            type: 'object',
            properties: {
              count: { type: 'integer' },
              next: { type: 'null' },
              previous: { type: 'null' },
              results: { type: 'array', items: historyEntry },
            },
            required: ['count', 'next', 'previous', 'results'],
          },
          'The changes, oldest first',
        ),
      },
    },
    // Getters: a resource whose writes have routes of their own (users) names no request schema.
    get create() {
      return {
        operationId: `create${One}`,
        tags,
        summary: `Create a ${one}`,
        description:
          `${who} Send your own \`id\` (a UUID) to make a retry safe: the same id again updates the record (200) or ` +
          'answers as the first create did (201); an id that was deleted is a 409.',
        headers: writeHeaders(),
        body: schemas.request,
        response: {
          201: record(schemas.row, `The ${one} created`),
          200: record(schemas.row, `The ${one}, already there`),
        },
        'x-answers': [409, 413, 422],
      };
    },
    get update() {
      return {
        operationId: `update${One}`,
        tags,
        summary: `Replace a ${one}`,
        description: `Every required field must be sent; fields left out that are optional keep their value. ${who}${once.text}`,
        params,
        headers: writeHeaders({ 'if-match': ifMatch }),
        body: schemas.request,
        response: { 200: { ...record(schemas.row, `The ${one} as stored`), headers: etag } },
        'x-answers': [...once.answers, 412, 413, 422],
      };
    },
    get partialUpdate() {
      return {
        operationId: `patch${One}`,
        tags,
        summary: `Change some fields of a ${one}`,
        description: `Only the fields sent change; the record is validated as a whole. ${who}${once.text}`,
        params,
        headers: writeHeaders({ 'if-match': ifMatch }),
        body: schemas.patch,
        response: { 200: { ...record(schemas.row, `The ${one} as stored`), headers: etag } },
        'x-answers': [...once.answers, 412, 413, 422],
      };
    },
    remove: {
      operationId: `delete${One}`,
      tags,
      summary: `Delete a ${one}`,
      description: `The ${one} and the records under it are deleted (kept as tombstones for \`include_deleted\` and devices). ${who}`,
      params,
      headers: writeHeaders(),
      response: { 204: { description: 'Deleted', type: 'null' } },
      'x-answers': [422],
    },
  };
}
