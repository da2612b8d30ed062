// Messages leave in the request's language. The code words its messages in English (en.ts, what the
// ERP integrations read); for a Spanish request each message of an error's body is matched whole
// against the English catalogue and given in Spanish with the same values. A message not in the
// catalogue stays English rather than being lost.
import { HttpError, ValidationError } from '../http/errors.js';
import { en } from './en.js';
import { es } from './es.js';
import { fieldWord, inSentence, resourceWord } from './labels.js';
import type { Language } from './language.js';

/** Values that are themselves messages (a row's problem, the reason a number is ambiguous). */
const NESTED = new Set(['message', 'why', 'found']);
const PLACEHOLDER = /\{(\w+)\}/g;
const catalogues: Record<Language, Record<string, string>> = { en, es };

type Values = Record<string, string>;
/** Messages whose values are code names (a resource, its fields), said in the app's words for them. */
const NAMED: Record<string, (values: Values, language: Language) => Values> = {
  'record.unique': ({ resource = '', field = '' }, language) => ({
    resource: inSentence(resourceWord(language, resource)),
    field: fieldWord(language, resource, field),
  }),
  'record.unique_in': ({ resource = '', field = '', scope = '' }, language) => ({
    resource: inSentence(resourceWord(language, resource)),
    field: fieldWord(language, resource, field),
    scope: scope
      .split(' and ')
      .map((one) => inSentence(fieldWord(language, resource, one)))
      .join(language === 'es' ? ' y ' : ' and '),
  }),
};

interface Pattern {
  key: string;
  regex: RegExp;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The most literal templates first: "Row 3, column D (no header): …" is csv.split, not import.row.
const patterns: Pattern[] = Object.entries(en)
  .map(([key, template]) => ({
    key,
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
    const named = NAMED[key];
    const values = named ? named(found.groups ?? {}, language) : (found.groups ?? {});
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

function translateBody(body: Record<string, unknown>, language: Language, missing?: Missing) {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string') out[field] = translate(value, language, missing);
    else if (Array.isArray(value))
      out[field] = value.map((item) =>
        typeof item === 'string' ? translate(item, language, missing) : item,
      );
    else out[field] = value;
  }
  return out;
}

/** The same error (status, field names, headers) with its messages in the language. */
export function localise(error: HttpError, language: Language, missing?: Missing): HttpError {
  if (language === 'en') return error;
  if (error instanceof ValidationError)
    return new ValidationError(translateBody(error.fields, language, missing) as Record<string, string[]>);
  return new HttpError(error.statusCode, translateBody(error.body, language, missing), error.headers);
}
