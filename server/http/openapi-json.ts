// Route schemas to the JSON Schema of the OpenAPI document. A route's schema may be zod (converted
// here) or JSON Schema already (the resource engine builds its own from the field list, with named
// components); named components are referenced by $ref and listed once under components.schemas.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const components = new Map<string, JsonSchema>();

/** A named schema of components.schemas; the answer is the $ref a route schema uses. */
export function component(name: string, schema: JsonSchema): JsonSchema {
  components.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

export function namedComponents(): Record<string, JsonSchema> {
  return Object.fromEntries(components);
}

// zod writes a regular expression beside each format; the format says it to a reader and a generator.
const FORMATS_WITH_PATTERN = new Set(['uuid', 'date', 'date-time', 'email', 'time']);

function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === 'pattern' && FORMATS_WITH_PATTERN.has(String((value as JsonSchema).format))) continue;
    // Integers: zod states JavaScript's safe range, which says nothing to an integrator.
    if ((key === 'minimum' || key === 'maximum') && Math.abs(Number(child)) === Number.MAX_SAFE_INTEGER)
      continue;
    out[key] = tidy(child);
  }
  return out;
}

/** JSON Schema of a route schema part: zod is converted, JSON Schema passes as it is. */
export function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  return tidy(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }));
}
