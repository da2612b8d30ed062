// A field's refusals as the form shows them: in the interface's language and naming the field ("UN/LOCODE:
// ya lo usa otra entrada de Puertos."). The device's own checks (the domain schema, the repeat check of a
// reference list) word their messages in English, as the server does before it translates them; each is
// matched whole against the domain's messages and given from `common:field_errors.<key>`, with its values.
// A message that is none of them (the server's, already in the request's language) is shown as it came.
import i18next, { type TFunction } from 'i18next';
import { messages } from '../domain/messages';
import type { ResourceName } from '../domain/registry';
import type { FieldErrors } from '../store/validate';
import { knownFieldLabel } from './fieldNamespaces';

type Key = keyof typeof messages;

/** The names of the values of the messages that take some, in the order their function takes them. */
const VALUES: Partial<Record<Key, string[]>> = {
  list: ['type'],
  choice: ['value'],
  duplicate: ['value'],
  maxLength: ['max'],
  minValue: ['min'],
  maxValue: ['max'],
  maxDigits: ['max'],
  maxDecimalPlaces: ['max'],
  maxWholeDigits: ['max'],
  noSuchDate: ['text'],
  unique: ['resource', 'field'],
};

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mark = (index: number) => `⟦${index}⟧`;

interface Pattern {
  key: Key;
  names: string[];
  regex: RegExp;
}

function patternOf(key: Key): Pattern {
  const message = messages[key];
  const names = VALUES[key] ?? [];
  if (typeof message === 'string') return { key, names, regex: new RegExp(`^${literally(message)}$`) };
  const call = message as unknown as (...values: string[]) => string;
  // A list's message names the type of what was sent, not the value itself: any type matches.
  const template =
    key === 'list' ? call('').replace('"str"', `"${mark(0)}"`) : call(...names.map((_, i) => mark(i)));
  const source = literally(template).replace(/⟦(\d+)⟧/g, '([\\s\\S]+?)');
  return { key, names, regex: new RegExp(`^${source}$`) };
}

const patterns = (Object.keys(messages) as Key[]).map(patternOf);

/** Where a list's item is refused ('Item 2: ...' for the third), its number from 1 and the message. */
const ITEM = /^Item (\d+)(?:\.[\w.]+)?: ([\s\S]+)$/;

/**
 * The server's refusal of a link to a record it does not have (server/i18n 'record.no_pk', in English or
 * Spanish): it names the record by its id, which is no word of the user's.
 */
const NO_RECORD =
  /^(?:Invalid pk "[^"]*" - object does not exist|Clave "[^"]*" no válida: el objeto no existe)\.$/;

/** One message of `field` (its label), of a record of `resource`, in the interface's language. */
export function fieldMessage(t: TFunction, resource: string, field: string, message: string): string {
  const item = ITEM.exec(message);
  if (item?.[2]) return fieldMessage(t, resource, `${field} (${Number(item[1]) + 1})`, item[2]);
  if (NO_RECORD.test(message)) return t('common:field_errors.no_record', { field });
  for (const pattern of patterns) {
    const found = pattern.regex.exec(message);
    if (!found) continue;
    const values: Record<string, string> = Object.fromEntries(
      pattern.names.map((name, index) => [name, found[index + 1] ?? '']),
    );
    if (pattern.key === 'unique') {
      const list = `admin:lists.${values.resource}`;
      return t('common:field_errors.unique', {
        field,
        list: i18next.exists(list) ? t(list) : values.resource,
      });
    }
    return t(`common:field_errors.${pattern.key}`, { ...values, field });
  }
  return message;
}

/** The messages of a field in words, one line; undefined when it has none. */
export function fieldError(
  t: TFunction,
  resource: string,
  field: string,
  errors: readonly string[] | undefined,
): string | undefined {
  if (!errors || errors.length === 0) return undefined;
  return errors.map((message) => fieldMessage(t, resource, field, message)).join(' ');
}

/**
 * The refusals of fields a form does not show (non_field_errors, derived fields), for a banner: each named
 * by its label in the resource's screens' words and in the interface's language, as under a field.
 */
export function otherErrors(
  t: TFunction,
  resource: ResourceName,
  errors: FieldErrors,
  shown: readonly string[],
): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, list]) =>
      field === 'non_field_errors'
        ? list
        : list.map((message) =>
            fieldMessage(t, resource, knownFieldLabel(t, resource, field) ?? field, message),
          ),
    );
}
