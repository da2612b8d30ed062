// The words the app's screens use for a resource and its fields, read from the app's own locale files
// (locales/<language>/<ns>.json, not a second copy), so a server message names them as the form does:
// 'UN/LOCODE: ya lo usa otro registro de puerto.', not 'Ya existe un port con este code.'.
import { readFileSync } from 'node:fs';
import { fieldNamespacesOf } from '../../src/domain/field-namespaces.js';
import type { ResourceName } from '../../src/domain/registry.js';
import type { Language } from './language.js';

type Words = { [key: string]: string | Words };
const read = new Map<string, Words>();

function words(language: Language, ns: string): Words {
  const key = `${language}/${ns}`;
  let found = read.get(key);
  if (!found) {
    try {
      found = JSON.parse(
        readFileSync(new URL(`../../locales/${key}.json`, import.meta.url), 'utf8'),
      ) as Words;
    } catch {
      found = {};
    }
    read.set(key, found);
  }
  return found;
}

function at(from: Words, path: string[]): string | null {
  let here: string | Words | undefined = from;
  for (const part of path) here = typeof here === 'object' ? here[part] : undefined;
  return typeof here === 'string' ? here : null;
}

/** Inside a sentence: 'Número IMO' is 'número IMO'; 'UN/LOCODE' stays as it is. */
export const inSentence = (word: string) =>
  /^\p{Lu}\p{Ll}/u.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word;

/** A resource's name in the words of the app (the sync panel's), or null. */
const resourceName = (language: Language, resource: string) =>
  at(words(language, 'sync'), ['resources', resource]);

/**
 * A field's label as its form shows it (its resource's own word first); a reference to a record of
 * another resource without a label of its own (a packing list's project) by that resource's name; else
 * the field's name.
 */
export function fieldWord(language: Language, resource: string, field: string): string {
  for (const ns of fieldNamespacesOf(resource as ResourceName))
    for (const path of [
      ['fields_of', resource, field],
      ['fields', field],
    ]) {
      const label = at(words(language, ns), path);
      if (label) return label;
    }
  return resourceName(language, field) ?? field;
}

/** A resource's name in the words of the app (the sync panel's), or the resource's code name. */
export const resourceWord = (language: Language, resource: string): string =>
  resourceName(language, resource) ?? resource;
