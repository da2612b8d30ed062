// The query parameters of a resource's list, typed from its filters and fields: integers, booleans,
// dates and date-times with their formats, enums, and arrays sent as repeated keys.
import type { Resource } from '../../../src/domain/resource.js';
import type { JsonSchema } from '../../http/openapi-json.js';
import { columnsOf } from './columns.js';
import { FILTER_LIMITS } from './limits.js';
import { valueSchema } from './openapi-schemas.js';

const describe = (schema: JsonSchema, description: string) => ({ ...schema, description });

export function listQuery(resource: Resource): JsonSchema {
  const { fields } = columnsOf(resource);
  const sortable = [
    'id',
    'created_at',
    'updated_at',
    ...Object.keys(fields).filter((f) => fields[f].kind !== 'json'),
  ];
  const properties: Record<string, JsonSchema> = {
    page: { type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' },
    page_size: {
      type: 'integer',
      minimum: 1,
      maximum: resource.pageSize.max,
      default: resource.pageSize.default,
      description: `Records per page (at most ${resource.pageSize.max}).`,
    },
    ordering: {
      type: 'string',
      description: `Field names, comma separated, \`-\` before one for descending: ${sortable.join(', ')}.`,
      examples: [`-updated_at,id`],
    },
    updated_since: {
      type: 'string',
      format: 'date-time',
      description:
        'Only records changed (created, edited or, with include_deleted, deleted) at or after this time. ' +
        'Ask again from a minute before your previous call (its Date header): a write committing as you read is then seen next time.',
      examples: ['2026-11-20T08:00:00Z'],
    },
    include_deleted: {
      type: 'boolean',
      default: false,
      description: 'Also list deleted records (90 days of them), with `deleted_at` set.',
    },
  };
  for (const filter of resource.filters) {
    if (filter.kind === 'range') {
      const info = fields[filter.field];
      const bound = valueSchema(info);
      const day = info.kind === 'datetime' ? ' A bare date (2026-11-20) covers that whole day (UTC).' : '';
      properties[`${filter.name}_after`] = describe(bound, `${filter.field} on or after this.${day}`);
      properties[`${filter.name}_before`] = describe(bound, `${filter.field} on or before this.${day}`);
      continue;
    }
    if (filter.kind === 'icontains') {
      properties[filter.name] = {
        type: 'string',
        maxLength: FILTER_LIMITS.valueLength,
        description: `Text found in ${filter.fields.join(' or ')} (any case).`,
      };
      continue;
    }
    const info = fields[filter.field];
    if (filter.kind === 'boolean') {
      properties[filter.name] = { type: 'boolean', description: `${filter.field} is true or false.` };
      continue;
    }
    // exact, ref and contains: one value or several (repeated keys), any of which matches.
    const one = valueSchema(info);
    const item = one.type === 'array' ? (one.items as JsonSchema) : one;
    const kind = filter.kind === 'contains' ? 'holds any of these' : 'is any of these';
    properties[filter.name] = {
      type: 'array',
      items: item,
      maxItems: FILTER_LIMITS.anyOf,
      description: `${filter.field} ${kind}.`,
    };
  }
  return { type: 'object', properties };
}
