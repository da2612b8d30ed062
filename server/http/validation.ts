import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { issueErrors } from '../../src/domain/input.js';
import { domainMessage } from '../i18n/domain-messages.js';
import { en, type MessageKey } from '../i18n/en.js';
import { Message, say } from '../i18n/message.js';
import { ValidationError } from './errors.js';

type Issue = z.core.$ZodIssue;

const isKey = (text: string): text is MessageKey => Object.hasOwn(en, text);

/**
 * The kind of value a field of a rarer zod type expects, as a message (zod names it by an English code
 * word, 'bigint', 'date', which a Spanish sentence would carry as it is).
 */
const EXPECTED: Partial<Record<string, MessageKey>> = {
  bigint: 'type.whole_number',
  nan: 'type.number',
  date: 'type.date',
  record: 'type.object',
  map: 'type.object',
  tuple: 'type.list',
  set: 'type.list',
  file: 'type.file',
  null: 'type.nothing',
  undefined: 'type.nothing',
  void: 'type.nothing',
  never: 'type.nothing',
};

/**
 * A zod issue as the message a DRF client shows under the field's label. A domain schema's own message
 * is a domain message's code (src/domain/messages.ts), a server schema's a key of the catalogue (its
 * values the issue's bounds); the others are said by the issue's code. Nothing is read from words.
 */
function message(issue: Issue): Message {
  const own = issue.message;
  const bound: Record<string, number> =
    'maximum' in issue
      ? { max: Number(issue.maximum) }
      : 'minimum' in issue
        ? { min: Number(issue.minimum) }
        : {};
  const domain = domainMessage(own);
  if (domain instanceof Message) return domain;
  if (isKey(own)) return say(own, bound);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return say('field.required');
      if (issue.input === null) return say('field.null');
      if (issue.expected === 'number' || issue.expected === 'int') return say('field.number');
      if (issue.expected === 'boolean') return say('field.boolean');
      if (issue.expected === 'string') return say('field.string');
      if (issue.expected === 'array') return say('field.list', { type: typeof issue.input });
      if (issue.expected === 'object') return say('field.dictionary');
      return say('field.expected', { type: say(EXPECTED[issue.expected] ?? 'type.value') });
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? say('field.blank')
          : say('field.min_length', { min: Number(issue.minimum) });
      if (issue.origin === 'array') return say('field.min_items', { min: Number(issue.minimum) });
      return say('field.min_value', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return say('field.max_length', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return say('field.max_items', { max: Number(issue.maximum) });
      return say('field.max_value', { max: Number(issue.maximum) });
    case 'invalid_value':
      return say('field.choice', { value: String(issue.input) });
    case 'invalid_format':
      if (issue.format === 'email') return say('field.email');
      if (issue.format === 'uuid') return say('field.not_uuid', { value: String(issue.input) });
      return say('field.value');
    default:
      return say('field.value');
  }
}

export function fieldErrorsFromZod(issues: readonly Issue[]): Record<string, Message[]> {
  return issueErrors(issues, message, (index, said) => say('field.item', { index, message: said }));
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
