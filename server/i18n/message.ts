// A message to a person, keyed: the code names it (a key of en.ts and its values) and the answer words it
// in the request's language through i18next (es.ts has the same keys). Printed, logged, stored or
// serialised as it is, a message is its English text: what the ERP integrations and the API's own
// contract read (and what a request without Accept-Language: es is answered).
import i18next from 'i18next';
import { type KeyedMessage, type KeyedValue, LIST_KEYS } from '../../src/domain/message-keys.js';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { fieldWord, inSentence, resourceWord } from './labels.js';
import type { Language } from './language.js';

export type { MessageKey };
/**
 * A value of a message: a number, a text given as it is (a user's own words: a header, a reference), a
 * message itself, a field of a resource (said by its label, as the forms say it) or a list of values
 * (joined as the language joins them: 'a, b and c', 'a, b y c'); each worded in the reader's language.
 */
export type Value = string | number | Message | FieldName | ValueList;

/** A field named in a message: its code name in English (what the ERP integrations read), else its label. */
export class FieldName {
  constructor(
    readonly resource: string,
    readonly field: string,
  ) {}
  in(language: Language): string {
    return language === 'en' ? this.field : inSentence(fieldWord(language, this.resource, this.field));
  }
}

/** Values said as one list: 'a and b' ('a y b'), or 'a or b' ('a o b'). */
class ValueList {
  constructor(
    readonly items: readonly Value[],
    readonly type: 'conjunction' | 'disjunction',
  ) {}
  in(language: Language): string {
    const words = this.items.map((item) => valueIn(item, language));
    return new Intl.ListFormat(language, { style: 'long', type: this.type }).format(words);
  }
}

export const fieldName = (resource: string, field: string) => new FieldName(resource, field);
/** 'a, b and c' in the reader's language. */
export const allOf = (items: readonly Value[]) => new ValueList(items, 'conjunction');
/** 'a, b or c' in the reader's language. */
export const oneOf = (items: readonly Value[]) => new ValueList(items, 'disjunction');

const valueIn = (value: Value, language: Language): string =>
  typeof value === 'object' ? value.in(language) : String(value);

/**
 * A value as a keyed message carries it: a message keyed, a field by its code name, a list as the keyed
 * list of its items (LIST_KEYS: who words it joins them as its own language does, 'a, b or c').
 */
const keyedValue = (value: Value, language: Language): KeyedValue =>
  value instanceof Message
    ? value.keyed(language)
    : value instanceof FieldName
      ? value.field
      : value instanceof ValueList
        ? {
            key: LIST_KEYS[value.type],
            values: Object.fromEntries(value.items.map((item, index) => [index, keyedValue(item, language)])),
          }
        : value;

export class Message {
  constructor(
    readonly key: MessageKey,
    readonly values: Readonly<Record<string, Value>> = {},
  ) {}

  /** In words of `language` (nested messages too). */
  in(language: Language): string {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.values)) values[name] = valueIn(value, language);
    const named = language === 'en' ? values : namedValues(this.key, values, language);
    return messages.t(this.key, { lng: language, replace: named });
  }

  /** Its key and values, for who words it in its own words (a device, in its user's language). */
  keyed(language: Language): KeyedMessage {
    const values: Record<string, KeyedValue> = {};
    for (const [name, value] of Object.entries(this.values)) values[name] = keyedValue(value, language);
    return { key: this.key, values };
  }

  toString(): string {
    return this.in('en');
  }

  toJSON(): string {
    return this.in('en');
  }
}

/** The message `key` with its values: what the code throws or answers. */
export const say = (key: MessageKey, values: Readonly<Record<string, Value>> = {}) =>
  new Message(key, values);

/** What an answer may carry where a person reads it: a keyed message, or a text given as it is. */
export type Text = string | Message;

// The catalogues' placeholders are {name}; keys hold dots, not paths; values are not HTML-escaped
// (JSON answers), and a brace that names no value ("{n,}" of a pattern's message) stays as written.
const messages = i18next.createInstance();
void messages.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false, skipOnVariables: true },
});

type Values = Record<string, string>;
/** Messages whose values are code names (a resource, its fields), said in the app's words for them. */
const NAMED: Partial<Record<MessageKey, (values: Values, language: Language) => Values>> = {
  'record.unique': ({ resource = '', field = '' }, language) => ({
    resource: inSentence(resourceWord(language, resource)),
    field: fieldWord(language, resource, field),
  }),
  'record.unique_in': ({ resource = '', field = '', scope = '' }, language) => ({
    resource: inSentence(resourceWord(language, resource)),
    field: fieldWord(language, resource, field),
    scope,
  }),
};

/** The values of `key` named in the app's words in `language` (the ones NAMED lists; else as given). */
const namedValues = (key: MessageKey, values: Values, language: Language): Values =>
  NAMED[key]?.(values, language) ?? values;
