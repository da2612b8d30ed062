// Local validation with the domain schema, before anything is saved: a rejected input throws the same
// DRF-shaped field errors the server would answer, for the form to show under its fields.
import type { z } from 'zod';
import { isUuid } from '../domain/ids';
import { type FieldErrors, inputRefusals } from '../domain/refusals';
import { getResource, type ResourceName } from '../domain/registry';
import type { Resource } from '../domain/resource';

export type { FieldErrors } from '../domain/refusals';

/** Thrown by save/update/remove when the input is refused; nothing was saved. */
export class LocalValidationError extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors).flat().join(' ') || 'Invalid data.');
    this.name = 'LocalValidationError';
  }
}

export function resourceOf(name: ResourceName): Resource {
  const resource = getResource(name);
  if (!resource) throw new Error(`Unknown resource ${name}`);
  return resource;
}

function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const where = issue.path.length > 1 ? `Item ${issue.path.slice(1).join('.')}: ` : '';
    errors[field] = [...(errors[field] ?? []), where + issue.message];
  }
  return errors;
}

/** A ref given as the object a screen read ({id, name}) is taken as its id. */
function refId(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value)
    return (value as { id: unknown }).id;
  return value;
}

/** The writable fields of an input: server-set fields, sync columns and unknown keys are dropped. */
export function writableInput(resource: Resource, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!Object.hasOwn(input, name) || input[name] === undefined) continue;
    const value = input[name];
    if (field.info.kind === 'ref') out[name] = refId(value);
    else if (field.info.kind === 'refList' && Array.isArray(value)) out[name] = value.map(refId);
    else out[name] = value;
  }
  return out;
}

/**
 * Refuses what the server refuses before its schema: text the database cannot store, and, on an update, a
 * null for a field that is never null (on a create such a null stands for the field's default).
 */
export function refuseInput(resource: Resource, input: Record<string, unknown>, creating: boolean) {
  const errors = inputRefusals(
    resource,
    creating ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)) : input,
  );
  if (Object.keys(errors).length > 0) throw new LocalValidationError(errors);
}

/** Validates a whole record (nulls of optional fields count as absent); the parsed values. */
export function validateRecord(resource: Resource, record: Record<string, unknown>): Record<string, unknown> {
  const present = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
  const result = resource.schema.safeParse(present, { reportInput: true });
  if (!result.success) throw new LocalValidationError(fieldErrorsOf(result.error.issues));
  return result.data as Record<string, unknown>;
}

/** The id a new record carries: given (checked) or none. */
export function givenId(record: Record<string, unknown>): string | undefined {
  const id = record.id;
  if (id === undefined || id === null || id === '') return undefined;
  if (!isUuid(id)) throw new LocalValidationError({ id: ['Must be a valid UUID.'] });
  return id.toLowerCase();
}

/** Two stored values are the same (values are canonical once parsed, so structural equality is enough). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
