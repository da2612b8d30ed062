// Local validation with the domain schema, before anything is saved: a rejected input throws the same
// DRF-shaped field errors the server would answer, for the form to show under its fields.
import { isUuid } from '../domain/ids';
import { issueErrors } from '../domain/input';
import { itemMessage, messages } from '../domain/messages';
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
  if (!result.success)
    throw new LocalValidationError(issueErrors(result.error.issues, (issue) => issue.message, itemMessage));
  return result.data as Record<string, unknown>;
}

/** The id a new record carries: given (checked) or none. */
export function givenId(record: Record<string, unknown>): string | undefined {
  const id = record.id;
  if (id === undefined || id === null || id === '') return undefined;
  if (!isUuid(id)) throw new LocalValidationError({ id: [messages.uuid] });
  return id.toLowerCase();
}
