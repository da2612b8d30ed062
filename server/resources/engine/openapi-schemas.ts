// The JSON Schemas of a resource's records as the REST API reads and takes them, built from the same
// field list that validates them (src/domain), and named as DRF integrators know them (drf-spectacular):
// Project, ProjectRequest, PatchedProjectRequest, PaginatedProjectList.
import type { FieldInfo } from '../../../src/domain/model.js';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { component, type JsonSchema } from '../../http/openapi-json.js';
import { apiNames, pascal } from './api-names.js';
import { columnsOf } from './columns.js';
import { exampleOf } from './examples.js';

const UUID = { type: 'string', format: 'uuid' } as const;
const nullable = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? { anyOf: [schema, { type: 'null' }] } : { ...schema, type: [schema.type, 'null'] };

/** One value of a field, as JSON (decimals are text, so no float rounds a weight). */
export function valueSchema(info: FieldInfo): JsonSchema {
  switch (info.kind) {
    case 'int':
      return { type: 'integer', minimum: 0 };
    case 'bool':
      return { type: 'boolean' };
    case 'decimal':
      return {
        type: 'string',
        pattern: '^-?\\d+(\\.\\d+)?$',
        description: `A decimal as text, ${info.scale ?? 3} decimals (e.g. "12.500"); a JSON number is accepted on input.`,
        examples: ['12.500'],
      };
    case 'choice':
      return info.values ? { type: 'string', enum: [...info.values] } : { type: 'string' };
    case 'choiceList':
      return {
        type: 'array',
        items: info.values ? { type: 'string', enum: [...info.values] } : { type: 'string' },
      };
    case 'json':
      return { type: 'object', additionalProperties: true };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2})?$', examples: ['07:30'] };
    case 'uuid':
    case 'ref':
      return { ...UUID };
    case 'refList':
      return { type: 'array', items: { ...UUID } };
    default:
      return info.maxLength ? { type: 'string', maxLength: info.maxLength } : { type: 'string' };
  }
}

/** What a read shows of a referenced record: its id and the fields a screen shows. */
function shownRef(target: Resource): JsonSchema {
  const { fields } = columnsOf(target);
  const properties: Record<string, JsonSchema> = { id: { ...UUID } };
  for (const name of target.display) {
    const info = fields[name];
    if (name !== 'id' && info)
      properties[name] = info.nullable ? nullable(valueSchema(info)) : valueSchema(info);
  }
  return { type: 'object', properties, required: Object.keys(properties) };
}

function rowSchema(resource: Resource): JsonSchema {
  const { fields, refs } = columnsOf(resource);
  const properties: Record<string, JsonSchema> = {
    id: { ...UUID },
    version: {
      type: 'integer',
      minimum: 1,
      description: 'Goes up by one with every change (send it as If-Match).',
    },
  };
  for (const [name, info] of Object.entries(fields)) {
    const ref = refs[name];
    if (ref) {
      const shown = shownRef(resources[ref.resource]);
      properties[name] = ref.many
        ? { type: 'array', items: shown, description: `${apiNames(resources[ref.resource]).many}` }
        : { ...nullable(shown), description: `the ${apiNames(resources[ref.resource]).one}` };
    } else properties[name] = info.nullable ? nullable(valueSchema(info)) : valueSchema(info);
  }
  properties.created_at = { type: 'string', format: 'date-time' };
  properties.created_by = nullable({ ...UUID });
  properties.updated_at = {
    type: 'string',
    format: 'date-time',
    description: 'When the record last changed (server time, UTC): what `updated_since` compares.',
  };
  properties.updated_by = nullable({ ...UUID });
  const required = Object.keys(properties);
  properties.deleted_at = {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'Only with `include_deleted=true`: when the record was deleted (null while it lives).',
  };
  const example = exampleOf(resource.name);
  return { type: 'object', properties, required, ...(example ? { examples: [example] } : {}) };
}

function requestSchema(resource: Resource, partial: boolean): JsonSchema {
  const { fields, refs, writable } = columnsOf(resource);
  const properties: Record<string, JsonSchema> = {
    id: { ...UUID, description: 'Optional on create: a UUID made by the client (UUIDv7 preferred).' },
  };
  const required: string[] = [];
  for (const name of writable) {
    const info = fields[name];
    const ref = refs[name];
    const value = ref
      ? { ...valueSchema(info), description: `id of the ${apiNames(resources[ref.resource]).one}` }
      : valueSchema(info);
    properties[name] = info.required ? value : nullable(value);
    if (info.required && !partial) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

export interface ResourceSchemas {
  row: JsonSchema;
  request: JsonSchema;
  patch: JsonSchema;
  page: JsonSchema;
}

/** The named schemas of a resource ($refs into components.schemas). */
export function resourceSchemas(resource: Resource): ResourceSchemas {
  const name = pascal(apiNames(resource).one);
  const row = component(name, rowSchema(resource));
  return {
    row,
    // Named only when a route takes them (users are written by routes of their own).
    get request() {
      return component(`${name}Request`, requestSchema(resource, false));
    },
    get patch() {
      return component(`Patched${name}Request`, requestSchema(resource, true));
    },
    page: component(`Paginated${name}List`, {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 0, examples: [123] },
        next: { type: ['string', 'null'], format: 'uri', description: 'The next page, or null on the last.' },
        previous: {
          type: ['string', 'null'],
          format: 'uri',
          description: 'The page before, or null on the first.',
        },
        results: { type: 'array', items: row },
      },
      required: ['count', 'next', 'previous', 'results'],
    }),
  };
}
