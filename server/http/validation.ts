import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { type FieldErrors, ValidationError } from './errors.js';

type Issue = z.core.$ZodIssue;

/** A zod issue in the words a DRF client shows under the field's label. */
function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'A valid number is required.';
      if (issue.expected === 'boolean') return 'Must be a valid boolean.';
      if (issue.expected === 'string') return 'Not a valid string.';
      if (issue.expected === 'array') return `Expected a list of items but got type "${typeof issue.input}".`;
      if (issue.expected === 'object') return 'Invalid data. Expected a dictionary.';
      return `Invalid value: expected ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? 'This field may not be blank.'
          : `Ensure this field has at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has at least ${issue.minimum} elements.`;
      return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
      return `Ensure this value is less than or equal to ${issue.maximum}.`;
    case 'invalid_value':
      return `"${String(issue.input)}" is not a valid choice.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'uuid') return `"${String(issue.input)}" is not a valid UUID.`;
      return issue.message || 'Enter a valid value.';
    default:
      return issue.message;
  }
}

export function fieldErrorsFromZod(issues: readonly Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const where = issue.path.length > 1 ? `Item ${issue.path.slice(1).join('.')}: ` : '';
    fields[field] = [...(fields[field] ?? []), where + message(issue)];
  }
  return fields;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error.issues));
  return result.data;
}

/**
 * Route schemas are zod; a failure becomes a 400 in the DRF shape, naming each field. A part given as
 * JSON Schema documents only (the resource engine validates its lists and bodies itself).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    if (!(schema instanceof z.ZodType)) return { value: data };
    const result = schema.safeParse(data ?? {}, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(fieldErrorsFromZod(result.error.issues)) };
  };
