// Messages leave in the request's language. The code words its messages in English (en.ts, what the
// ERP integrations read); for a Spanish request each message of an error's body is matched whole
// against the English catalogue and given in Spanish with the same values. A message not in the
// catalogue stays English rather than being lost.
import { HttpError, ValidationError } from '../http/errors.js';
import { en } from './en.js';
import { es } from './es.js';
import type { Language } from './language.js';
import { Message, namedValues, type Text } from './message.js';

/** Values that are themselves messages (a row's problem, the reason a number is ambiguous). */
const NESTED = new Set(['message', 'why', 'found']);
const PLACEHOLDER = /\{(\w+)\}/g;
const catalogues: Record<Language, Record<string, string>> = { en, es };
type Key = keyof typeof en;

interface Pattern {
  key: Key;
  regex: RegExp;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The most literal templates first: "Row 3, column D (no header): …" is csv.split, not import.row.
const patterns: Pattern[] = Object.entries(en)
  .map(([key, template]) => ({
    key: key as Key,
    literal: template.replace(PLACEHOLDER, '').length,
    regex: new RegExp(
      `^${template
        .split(PLACEHOLDER)
        .map((part, index) => (index % 2 === 1 ? `(?<${part}>[\\s\\S]+?)` : literally(part)))
        .join('')}$`,
    ),
  }))
  .sort((a, b) => b.literal - a.literal);

/** The placeholders of a template, in order. */
export const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);

export function translate(message: string, language: Language, missing?: (message: string) => void): string {
  if (language === 'en') return message;
  for (const { key, regex } of patterns) {
    const found = regex.exec(message);
    if (!found) continue;
    const values = namedValues(key, found.groups ?? {}, language);
    const template = catalogues[language][key] ?? en[key] ?? message;
    return template.replace(PLACEHOLDER, (_, name: string) => {
      const value = values[name] ?? '';
      return NESTED.has(name) ? translate(value, language, missing) : value;
    });
  }
  missing?.(message);
  return message;
}

type Missing = (message: string) => void;

/** A message of an answer in `language`: a keyed one worded in it, a text matched whole; else as it is. */
export function word(text: unknown, language: Language, missing?: Missing): unknown {
  if (text instanceof Message) return text.in(language);
  return typeof text === 'string' ? translate(text, language, missing) : text;
}

/** A body's messages (its values, and the items of its lists: DRF's `{field: [message]}`) in `language`. */
export function wordBody(body: Record<string, unknown>, language: Language, missing?: Missing) {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body))
    out[field] = Array.isArray(value)
      ? value.map((item) => word(item, language, missing))
      : word(value, language, missing);
  return out;
}

/** The same error (status, field names, headers) with its messages in the language. */
export function localise(error: HttpError, language: Language, missing?: Missing): HttpError {
  if (error instanceof ValidationError)
    return new ValidationError(wordBody(error.fields, language, missing) as Record<string, Text[]>);
  return new HttpError(error.statusCode, wordBody(error.body, language, missing), error.headers);
}
