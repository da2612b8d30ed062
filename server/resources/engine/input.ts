import { isUuid } from '../../../src/domain/ids.js';
import { writableFields } from '../../../src/domain/input.js';
import { inputRefusals } from '../../../src/domain/refusals.js';
import type { Resource } from '../../../src/domain/resource.js';
import { type FieldErrors, ValidationError } from '../../http/errors.js';
import { fieldErrorsFromZod } from '../../http/validation.js';
import { say } from '../../i18n/message.js';
import { columnsOf } from './columns.js';

/**
 * The writable fields of a request body: server-set fields, sync columns and unknown keys are
 * dropped (as DRF does), refs are taken as ids. A null for a field that is never null and text the
 * database cannot store are refused here, naming the field.
 */
export function writableInput(resource: Resource, body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ValidationError({
      non_field_errors: [say('field.dictionary_got')],
    });
  const input = writableFields(resource, body);
  // A null for a field that is never null, or text the database cannot store, would fail the statement (a 500).
  const errors = inputRefusals(resource, input);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** The record id a create carries, or undefined; a malformed one is a field error. */
export function requestedId(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || !('id' in body)) return undefined;
  const id = (body as { id: unknown }).id;
  if (id === undefined || id === null || id === '') return undefined;
  if (typeof id !== 'string' || !isUuid(id)) throw new ValidationError({ id: [say('field.uuid')] });
  return id.toLowerCase();
}

/** Validates a whole record with the resource's schema; the parsed (normalised) values, or a 400. */
export function validateRecord(resource: Resource, record: Record<string, unknown>): Record<string, unknown> {
  const result = resource.schema.safeParse(record, { reportInput: true });
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error.issues));
  return result.data as Record<string, unknown>;
}

/** A full update (PUT) must carry every required field. */
export function requireFields(resource: Resource, input: Record<string, unknown>) {
  const { fields, writable } = columnsOf(resource);
  const errors: FieldErrors = {};
  for (const name of writable)
    if (fields[name].required && !(name in input)) errors[name] = [say('field.required')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
