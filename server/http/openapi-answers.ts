// The answers every operation may give, written once under components.responses and referenced from
// each operation that can give them: the DRF error shapes, and Retry-After where a client should wait.
import type { JsonSchema } from './openapi-json.js';

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

export const errorSchemas: Record<string, JsonSchema> = {
  Detail: {
    type: 'object',
    properties: { detail: { type: 'string' } },
    required: ['detail'],
    examples: [{ detail: 'Not found.' }],
  },
  FieldErrors: {
    type: 'object',
    description:
      'Django REST framework validation errors: each field refused, with its messages; `non_field_errors` for the rest.',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    examples: [{ reference: ['This field may not be blank.'], net_weight: ['Enter a number.'] }],
  },
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const detail = json({ $ref: '#/components/schemas/Detail' });

/** Name in components.responses, and the answer, by status code. */
export const standardAnswers: Record<number, [string, JsonSchema]> = {
  400: [
    'BadRequest',
    {
      description:
        'A value was refused: `{field: ["message"]}` naming each field or parameter (or `{detail}` for a malformed request). Nothing was changed.',
      content: json({
        anyOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }],
      }),
    },
  ],
  401: [
    'NotAuthenticated',
    {
      description: 'No token, or a token that is unknown, revoked or expired.',
      headers: { 'WWW-Authenticate': { description: 'Token', schema: { type: 'string' } } },
      content: detail,
    },
  ],
  403: [
    'Forbidden',
    {
      description: 'The token may not do this (a customer token writes nothing; some calls are for admins).',
      content: detail,
    },
  ],
  404: [
    'NotFound',
    { description: 'No such record, or not one this token may read (or no such page).', content: detail },
  ],
  409: [
    'Conflict',
    {
      description: 'The request conflicts with the state of the record (e.g. its id was deleted).',
      content: detail,
    },
  ],
  410: ['Gone', { description: 'What was asked for is no longer kept.', content: detail }],
  412: [
    'PreconditionFailed',
    {
      description: 'If-Match named a version, and the record has changed since. Read it again.',
      content: detail,
    },
  ],
  413: [
    'PayloadTooLarge',
    { description: 'The body or file is larger than the server accepts.', content: detail },
  ],
  415: [
    'UnsupportedMediaType',
    { description: 'The body is not of a type this call reads.', content: detail },
  ],
  422: [
    'IdempotencyKeyReused',
    { description: 'This Idempotency-Key was already used with a different request.', content: detail },
  ],
  429: [
    'TooManyRequests',
    { description: 'Too many attempts: wait the Retry-After seconds.', headers: retryAfter, content: detail },
  ],
  503: [
    'Unavailable',
    {
      description:
        'The database cannot be reached at the moment, or the server is busy: try again after Retry-After.',
      headers: retryAfter,
      content: detail,
    },
  ],
  507: [
    'InsufficientStorage',
    {
      description: 'The server has no space left; nothing was stored. Try again later.',
      headers: retryAfter,
      content: detail,
    },
  ],
};

export const responseComponents = Object.fromEntries(Object.values(standardAnswers));
