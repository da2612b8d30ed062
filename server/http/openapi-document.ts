// The two hooks @fastify/swagger calls: one per route (its schema to JSON Schema, public routes marked
// as needing no token), one on the whole document (the standard answers added where they can occur,
// arrays in queries as repeated keys, the tags in the order an integrator reads them).
import type { FastifySchema, RouteOptions } from 'fastify';
import { API_TAGS } from '../resources/engine/api-names.js';
import { errorSchemas, responseComponents, standardAnswers } from './openapi-answers.js';
import { type JsonSchema, namedComponents, toJsonSchema } from './openapi-json.js';
import { TAG_DESCRIPTIONS } from './openapi-tags.js';

declare module 'fastify' {
  interface FastifySchema {
    /** Standard answers this route can give beyond those its shape implies (409, 412, 413, 429...). */
    'x-answers'?: number[];
  }
}

type Schema = FastifySchema & Record<string, unknown>;
type Operation = Record<string, unknown> & {
  parameters?: JsonSchema[];
  requestBody?: unknown;
  responses?: Record<string, JsonSchema>;
  security?: unknown[];
};

const isContentResponse = (value: unknown): value is { content: Record<string, { schema: unknown }> } =>
  typeof value === 'object' && value !== null && 'content' in value;

/** Per route: zod parts to JSON Schema; a public route needs no token (security: []). */
export function routeTransform({ schema, url, route }: { schema: Schema; url: string; route: RouteOptions }) {
  if (!schema || schema.hide) return { schema: { hide: true }, url };
  const { response, querystring, body, params, headers, ...rest } = schema;
  const out: Record<string, unknown> = { ...rest };
  for (const [key, part, io] of [
    ['querystring', querystring, 'input'],
    ['body', body, 'input'],
    ['params', params, 'input'],
    ['headers', headers, 'input'],
  ] as const)
    if (part) out[key] = toJsonSchema(part, io);
  if (response) {
    const answers: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(response as Record<string, unknown>)) {
      if (!isContentResponse(answer)) {
        answers[status] = toJsonSchema(answer, 'output');
        continue;
      }
      const content = Object.fromEntries(
        Object.entries(answer.content).map(([type, media]) => [
          type,
          { ...media, schema: toJsonSchema(media.schema, 'output') },
        ]),
      );
      answers[status] = { ...answer, content };
    }
    out.response = answers;
  }
  if (route.config && (route.config as { public?: boolean }).public) out.security = [];
  return { schema: out, url };
}

const SUCCESS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };
const ref = (status: number) => ({ $ref: `#/components/responses/${standardAnswers[status][0]}` });

/** The standard answers an operation can give, from what it takes and who may call it. */
function completeAnswers(operation: Operation) {
  const responses = operation.responses ?? {};
  const parameters = operation.parameters ?? [];
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const wanted = new Set<number>([503, ...((operation['x-answers'] as number[] | undefined) ?? [])]);
  delete operation['x-answers'];
  if (operation.requestBody || parameters.some((p) => p.in === 'query' || p.in === 'header')) wanted.add(400);
  if (!isPublic) for (const status of [401, 403]) wanted.add(status);
  if (parameters.some((p) => p.in === 'path' || p.name === 'page')) wanted.add(404);
  for (const [status, answer] of Object.entries(responses)) {
    if (answer.description !== 'Default Response') continue;
    const standard = standardAnswers[Number(status)]?.[1];
    // A route that words its own error body keeps it, with the standard description and headers.
    if (standard) Object.assign(answer, { description: standard.description, headers: standard.headers });
    else answer.description = SUCCESS[status] ?? 'Answer';
    if (!answer.headers) delete answer.headers;
  }
  for (const status of wanted) responses[status] ??= ref(status);
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  for (const parameter of parameters) {
    const schema = parameter.schema as JsonSchema | undefined;
    // Arrays in a query are repeated keys (?status=a&status=b), as the DRF clients send them.
    if (parameter.in === 'query' && schema?.type === 'array')
      Object.assign(parameter, { style: 'form', explode: true });
  }
}

/** On the whole document: components, the standard answers, tags in reading order. */
export function documentTransform({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths))
    for (const [method, operation] of Object.entries(item))
      if (['get', 'put', 'post', 'patch', 'delete', 'head'].includes(method)) completeAnswers(operation);
  const components = (openapiObject.components ?? {}) as Record<string, unknown>;
  const used = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op.tags as string[] | undefined) ?? []),
    ),
  );
  // Known tags in reading order, then any other (undescribed: the linter then names it).
  const names = [
    ...Object.values(API_TAGS).filter((name) => used.has(name)),
    ...[...used].filter((name) => !TAG_DESCRIPTIONS[name]),
  ];
  return {
    ...openapiObject,
    tags: names.map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    components: {
      ...components,
      schemas: { ...errorSchemas, ...namedComponents() },
      responses: responseComponents,
    },
  };
}
