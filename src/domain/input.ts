// What a write's input goes through on both sides before its schema, the same on the tablet (src/store)
// and on the server (server/resources/engine): refs given as the objects a read returns taken as ids,
// only the writable fields kept, field errors in DRF's shape, and whether a field's value changed.
import type { z } from 'zod';
import type { Resource } from './resource';

/** A ref given as the object a read returns ({id, name}) is taken as its id, so a read can be sent back. */
function refId(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value)
    return (value as { id: unknown }).id;
  return value;
}

/** The writable fields given in `input` (undefined counts as absent), refs and lists of refs as ids. */
export function writableFields(resource: Resource, input: object): Record<string, unknown> {
  const given = input as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!Object.hasOwn(given, name) || given[name] === undefined) continue;
    const value = given[name];
    const { kind } = field.info;
    if (kind === 'refList' && Array.isArray(value)) out[name] = value.map(refId);
    else out[name] = kind === 'ref' || kind === 'refList' ? refId(value) : value;
  }
  return out;
}

/**
 * Schema issues as DRF's field errors: under the field of each issue's first path segment
 * (non_field_errors for the input as a whole), a list item's message naming its place. `message` words
 * an issue, `inItem` places it; the server keys them, the tablet keeps the domain messages' codes (worded
 * by src/ui/fieldErrors.ts).
 */
export function issueErrors<M>(
  issues: readonly z.core.$ZodIssue[],
  message: (issue: z.core.$ZodIssue) => M,
  inItem: (index: string, message: M) => M,
): Record<string, M[]> {
  const errors: Record<string, M[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const said = message(issue);
    const where = issue.path.slice(1).join('.');
    errors[field] = [...(errors[field] ?? []), where ? inItem(where, said) : said];
  }
  return errors;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const decimalText = (text: string) =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/**
 * A stored value and a new one are the same: date-times as instants ('…T10:00:00Z' is '…T12:00:00+02:00'),
 * decimals as numbers ('12.50' is '12.5'), lists and objects item by item, null and absent alike.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'string' && typeof b === 'string') {
    if (DATE_TIME.test(a) && DATE_TIME.test(b)) return Date.parse(a) === Date.parse(b);
    if (DECIMAL.test(a) && DECIMAL.test(b)) return decimalText(a) === decimalText(b);
    return false;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}
