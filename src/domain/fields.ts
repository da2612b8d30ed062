// Reusable zod builders for field values. Each refuses a missing value with DRF's "This field is
// required." and null with "This field may not be null."; wrap with .nullable().optional() (or use
// the Field descriptors of ./model) for optional fields. Values come out canonical (see ./values).
import './zod-config';
import { z } from 'zod';
import { isUuid } from './ids';
import { messages } from './messages';
import {
  type DecimalOptions,
  type Parsed,
  parseDateOnly,
  parseDateTime,
  parseDecimal,
  parseInteger,
  parseTimeOfDay,
} from './values';

type JsonSchemaHint = Record<string, unknown>;

/** A field parsed by a pure parser; `hint` is the JSON Schema shown in the API docs (input side). */
function parsedField<T>(parse: (input: unknown) => Parsed<T>, hint: JsonSchemaHint) {
  return z
    .unknown()
    .transform((input, ctx): T => {
      const result: Parsed<T> =
        input === undefined
          ? { ok: false, message: messages.required }
          : input === null
            ? { ok: false, message: messages.null }
            : parse(input);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message, input });
      return z.NEVER;
    })
    .meta(hint);
}

const presenceError = (otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? messages.required : issue.input === null ? messages.null : otherwise;

/** A decimal as canonical text with `scale` decimals (numeric(precision, scale)); never a float. */
export const decimal = (precision = 14, scale = 3, options: DecimalOptions = {}) =>
  parsedField((input) => parseDecimal(input, precision, scale, options), {
    type: 'string',
    format: 'decimal',
    pattern: options.allowNegative ? '^-?\\d+(\\.\\d+)?$' : '^\\d+(\\.\\d+)?$',
    description: `Decimal with up to ${precision - scale} digits before the point and ${scale} after; sent as text (a JSON number is accepted).`,
    examples: [`12.${'5'.padEnd(scale, '0')}`],
  });

/** A calendar date, 'yyyy-MM-dd'. */
export const dateOnly = () =>
  parsedField(parseDateOnly, { type: 'string', format: 'date', examples: ['2026-11-22'] });

/** A date-time, ISO 8601 in (zone optional, UTC assumed), UTC ISO out. */
export const dateTime = () =>
  parsedField(parseDateTime, {
    type: 'string',
    format: 'date-time',
    description: "ISO 8601; 'yyyy-MM-ddTHH:mm' accepted. Without a zone the time is taken as UTC.",
    examples: ['2026-11-22T10:15:00.000Z'],
  });

/** A time of day, 'HH:mm'. */
export const timeOfDay = () =>
  parsedField(parseTimeOfDay, { type: 'string', pattern: '^\\d{2}:\\d{2}$', examples: ['08:30'] });

/** A whole number >= 0 (counts, gangs, holds). */
export const nonNegativeInt = () =>
  parsedField((input) => parseInteger(input, 0), { type: 'integer', minimum: 0, maximum: 2_147_483_647 });

/** A uuid, lower-cased. */
export const uuid = () =>
  parsedField(
    (input): Parsed<string> =>
      isUuid(input) ? { ok: true, value: input.toLowerCase() } : { ok: false, message: messages.uuid },
    { type: 'string', format: 'uuid' },
  );

/** The id of a record of `resource` (existence is checked by the server, which knows the rows). */
export const ref = (resource: string) =>
  uuid().meta({ type: 'string', format: 'uuid', description: `id of a ${resource} record` });

/** Text up to `max` characters, trimmed; `blank: false` refuses an empty text. */
export const text = (max: number, options: { blank?: boolean } = {}) => {
  const base = z.string({ error: presenceError(messages.string) }).trim();
  const bounded = base.max(max, { error: messages.maxLength(max) });
  return options.blank === false ? bounded.min(1, { error: messages.blank }) : bounded;
};

/**
 * Text checked and made canonical by `parse` (an IMO number, a UN/LOCODE, a time zone); `blank: false`
 * refuses an empty text, otherwise an empty text is stored as null (never as '', which would collide
 * in a unique set).
 */
export const checkedText = (
  max: number,
  parse: (text: string) => Parsed<string>,
  hint: JsonSchemaHint,
  options: { blank?: boolean } = {},
) =>
  text(max, options)
    .transform((value, ctx): string | null => {
      if (value === '') return null;
      const result = parse(value);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message, input: value });
      return z.NEVER;
    })
    .meta({ type: 'string', ...hint });

export const bool = () => z.boolean({ error: presenceError(messages.boolean) });

/** One of `values`. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => presenceError(messages.choice(issue.input))(issue) });

function listOf<T extends z.ZodType>(item: T, unique: boolean) {
  return z
    .array(item, { error: (issue) => presenceError(messages.list(issue.input))(issue) })
    .superRefine((items, ctx) => {
      if (!unique) return;
      const seen = new Set<unknown>();
      items.forEach((value, index) => {
        if (seen.has(value))
          ctx.addIssue({ code: 'custom', message: messages.duplicate(value), path: [index] });
        seen.add(value);
      });
    });
}

/** Ids of records of `resource`, each once. */
export const refList = (resource: string) => listOf(ref(resource), true);

/** Several of `values`; `unique` refuses a value listed twice. */
export const choiceList = <const T extends readonly [string, ...string[]]>(values: T, unique = true) =>
  listOf(choice(values), unique);

/** A JSON object (the computed summaries). */
export const jsonObject = () => z.record(z.string(), z.unknown(), { error: presenceError(messages.object) });
