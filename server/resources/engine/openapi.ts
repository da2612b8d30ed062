import { z } from 'zod';
import type { Resource } from '../../../src/domain/resource.js';
import { columnsOf } from './columns.js';

const params = z.object({ id: z.uuid() });
const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.array(z.string())).describe('{field: [messages]}');

/** OpenAPI descriptions of a resource's routes, derived from the same field list that validates. */
export function docs(resource: Resource) {
  const { fields, refs } = columnsOf(resource);
  const input: Record<string, z.ZodType> = {
    id: z.uuid().optional().describe('Optional: a UUID made by the client (UUIDv7 preferred).'),
  };
  const output: Record<string, z.ZodType> = { id: z.uuid(), version: z.number().int() };
  for (const [name, info] of Object.entries(fields)) {
    const ref = refs[name];
    const writable = name in resource.fields;
    let type: z.ZodType;
    if (ref) {
      const shown = z.object({
        id: z.uuid(),
        ...Object.fromEntries(ref.display.map((field) => [field, z.unknown()])),
      });
      type = ref.many ? z.array(shown) : shown.nullable();
      if (writable)
        input[name] = (ref.many ? z.array(z.uuid()) : z.uuid())
          .describe(`id of a ${ref.resource}`)
          .optional();
    } else {
      type = jsonType(info.kind, info.values);
      if (writable) input[name] = info.required ? type : type.nullable().optional();
    }
    output[name] = type;
  }
  for (const stamp of ['created_at', 'updated_at']) output[stamp] = z.string();
  for (const stamp of ['created_by', 'updated_by']) output[stamp] = z.uuid().nullable();
  const row = z.object(output);
  const body = z.object(input);
  const tags = [resource.name];
  const errors = { 400: fieldErrors, 401: detail, 403: detail, 404: detail };
  const query: Record<string, z.ZodType> = {
    page: z.string().optional(),
    page_size: z
      .string()
      .optional()
      .describe(`default ${resource.pageSize.default}, at most ${resource.pageSize.max}`),
    ordering: z.string().optional().describe('field names, comma separated, - for descending'),
  };
  for (const filter of resource.filters) {
    if (filter.kind === 'range') {
      query[`${filter.name}_after`] = z.string().optional();
      query[`${filter.name}_before`] = z.string().optional();
    } else query[filter.name] = z.union([z.string(), z.array(z.string())]).optional();
  }
  return {
    list: {
      tags,
      summary: `List ${resource.name}`,
      querystring: z.object(query),
      response: {
        200: z.object({
          count: z.number(),
          next: z.string().nullable(),
          previous: z.string().nullable(),
          results: z.array(row),
        }),
        ...errors,
      },
    },
    read: { tags, summary: `Read one ${resource.name}`, params, response: { 200: row, ...errors } },
    history: { tags, summary: `Change history of one ${resource.name}`, params },
    create: { tags, summary: `Create a ${resource.name}`, body, response: { 201: row, ...errors } },
    update: {
      tags,
      summary: `Update a ${resource.name} (all required fields)`,
      params,
      body,
      response: { 200: row, ...errors },
    },
    partialUpdate: {
      tags,
      summary: `Update some fields of a ${resource.name}`,
      description:
        'Only the fields sent change. Send If-Match: <version> to refuse the change when the record changed since (412).',
      params,
      body: body.partial(),
      response: { 200: row, ...errors },
    },
    remove: { tags, summary: `Delete a ${resource.name}`, params, response: { 204: z.null(), ...errors } },
  };
}

function jsonType(kind: string, values?: readonly string[]): z.ZodType {
  switch (kind) {
    case 'int':
      return z.number().int();
    case 'bool':
      return z.boolean();
    case 'decimal':
      return z.string().describe('decimal as text, e.g. "12.500"');
    case 'choice':
      return values ? z.enum(values as [string, ...string[]]) : z.string();
    case 'choiceList':
      return z.array(values ? z.enum(values as [string, ...string[]]) : z.string());
    case 'json':
      return z.record(z.string(), z.unknown());
    case 'date':
      return z.string().describe('yyyy-MM-dd');
    case 'datetime':
      return z.string().describe('ISO 8601 date-time');
    default:
      return z.string();
  }
}
