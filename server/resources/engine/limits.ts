import { messages } from '../../../src/domain/messages.js';
import type { Resource } from '../../../src/domain/resource.js';
import { type FieldErrors, ValidationError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';

/**
 * The most a list's query string may ask, refused at once (400 naming the parameter) before any SQL:
 * a 10,000-character `reference` search over 20,000 items held the embedded database, and with it
 * every request of the server, for 15 s. A value of any filter (an id, a date, a number, a text to
 * search for) is at most 100 characters: longer than any reference, code or name anyone types, and a
 * search longer than that finds nothing a shorter one would not. A filter given several times
 * (`?project=a&project=b`, "any of") takes at most 100 values; a text search, whose values must all
 * match, at most 10; the other parameters (ordering, page, page_size, updated_since, include_deleted,
 * yes/no and date filters) at most 10 too.
 */
export const FILTER_LIMITS = { valueLength: 100, anyOf: 100, repeated: 10 } as const;

type Query = Record<string, string | string[] | undefined>;

const asList = (value: string | string[] | undefined): string[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** Every query parameter a list of `resource` reads, with how many values it may take. */
function parametersOf(resource: Resource): [string, number][] {
  const known: [string, number][] = [
    ['page', FILTER_LIMITS.repeated],
    ['page_size', FILTER_LIMITS.repeated],
    ['ordering', FILTER_LIMITS.repeated],
    ['updated_since', FILTER_LIMITS.repeated],
    ['include_deleted', FILTER_LIMITS.repeated],
  ];
  for (const filter of resource.filters) {
    if (filter.kind === 'range')
      known.push(
        [`${filter.name}_after`, FILTER_LIMITS.repeated],
        [`${filter.name}_before`, FILTER_LIMITS.repeated],
      );
    else if (filter.kind === 'icontains' || filter.kind === 'boolean')
      known.push([filter.name, FILTER_LIMITS.repeated]);
    else known.push([filter.name, FILTER_LIMITS.anyOf]);
  }
  return known;
}

const cache = new WeakMap<Resource, [string, number][]>();

/** Throws a 400 naming each parameter of the query past its limits; unknown parameters are ignored. */
export function checkListQuery(resource: Resource, query: Query, only?: readonly string[]) {
  let known = cache.get(resource);
  if (!known) {
    known = parametersOf(resource);
    cache.set(resource, known);
  }
  const errors: FieldErrors = {};
  for (const [name, most] of known) {
    if (only && !only.includes(name)) continue;
    const values = asList(query[name]);
    if (values.length > most) errors[name] = [say('field.max_items', { max: most })];
    else if (values.some((value) => value.length > FILTER_LIMITS.valueLength))
      errors[name] = [messages.maxLength(FILTER_LIMITS.valueLength)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
