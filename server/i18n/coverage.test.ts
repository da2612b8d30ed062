// Every message the API answers is keyed, so none leaves in English to a Spanish user: no sentence is
// left in the sources of its answers (each is a key of the catalogue, worded in both languages), and
// every domain message names a key worded in Spanish. Nothing is translated back from English words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../../src/domain/messages.js';
import { fieldErrorsFromZod } from '../http/validation.js';
import { domainMessage } from './domain-messages.js';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { Message, say } from './message.js';

const ROOT = join(import.meta.dirname, '..');
// Every folder whose code words what a user or an ERP is answered (cli, seed data and reports' own
// i18n are not answers of the API).
const SOURCES = [
  'resources/import',
  'resources/attachments',
  'resources/engine',
  'resources/reference',
  'resources/contact',
  'files',
  'auth',
  'http',
  'users',
  'sync',
  'reports',
  'webhooks',
];
// The .xlsx template's own help text and the API documentation (files named *openapi*, the names and
// examples it shows, and any route schema's summary, description or zod .describe()) are not messages.
const notMessages = (name: string) =>
  name.includes('openapi') || ['template.ts', 'api-names.ts', 'examples.ts'].includes(name);
const DOC_TEXT =
  /(?:\b(?:description|summary):|\.describe\()\s*(?:(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)\s*\+?\s*)+/g;
const API_DOCS = [
  'Answers the file, named in Content-Disposition and x-suggested-filename.',
  'A cursor older than the kept history (90 days of tombstones) is answered 410: download the scope again.',
  "The device's clock when it sent the batch: with each change's occurred_at, how old the change is. The server orders changes by its own time of receipt less that age, never by the device's clock.",
];

/** The sentences in a source's string literals, a sample standing for each ${…} value. */
function sentences(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(DOC_TEXT, '');
  const found: string[] = [];
  for (const match of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, '7');
    if (/^[A-Z"…].* .*\.$/.test(text) && !text.includes('`')) found.push(text.replace(/\\(.)/g, '$1'));
  }
  return found;
}

describe('message coverage', () => {
  it("finds every sentence of the API's answers in the catalogue", () => {
    const checked: string[] = [];
    const keyed: string[] = [];
    for (const folder of SOURCES)
      for (const name of readdirSync(join(ROOT, folder))) {
        if (!name.endsWith('.ts') || name.endsWith('.test.ts') || notMessages(name)) continue;
        const source = readFileSync(join(ROOT, folder, name), 'utf8');
        // A keyed message (say('key', …)) is worded in both languages by its key.
        for (const [, key = ''] of source.matchAll(/\bsay\(\s*'([\w.]+)'/g)) {
          keyed.push(key);
          expect(Object.hasOwn(es, key) && es[key as MessageKey] !== en[key as MessageKey], key).toBe(true);
        }
        for (const text of sentences(source))
          if (!API_DOCS.includes(text)) checked.push(`${folder}/${name}: ${text}`);
      }
    // No message is still in words (nothing translates words back to a key any more)…
    expect(checked).toEqual([]);
    // …and the scan does find the keyed ones (a broken scan would check nothing).
    expect(keyed.length).toBeGreaterThan(80);
  });

  it('finds a sentence left in words (the scan works)', () => {
    const source = ['throw fieldError(', "'file', `The reference $", '{reference} is twice.`);'].join('');
    expect(sentences(source)).toEqual(['The reference 7 is twice.']);
  });

  it('gives every field message of the domain (what a row problem ends with) as a key worded in Spanish', () => {
    for (const [name, message] of Object.entries(messages)) {
      const code = typeof message === 'string' ? message : (message as (value: number) => string)(7);
      const keyed = domainMessage(code);
      expect(keyed, name).toBeInstanceOf(Message);
      expect(String(keyed), name).not.toContain('§');
      expect((keyed as Message).in('es'), name).not.toBe(String(keyed));
    }
  });

  it('words the kind of value a field of a rarer type expects in the language, no zod type name', () => {
    const schema = z.object({
      when: z.date(),
      big: z.bigint(),
      pair: z.tuple([z.string()]),
      odd: z.symbol(),
    });
    const errors = fieldErrorsFromZod(
      schema.safeParse({ when: 'x', big: 'y', pair: 'z', odd: 'w' }, { reportInput: true }).error?.issues ??
        [],
    );
    const said = (language: 'en' | 'es') =>
      Object.fromEntries(
        Object.entries(errors).map(([field, list]) => [field, list.map((m) => m.in(language))]),
      );
    expect(said('es')).toEqual({
      when: ['Valor no válido: se esperaba una fecha.'],
      big: ['Valor no válido: se esperaba un número entero.'],
      pair: ['Valor no válido: se esperaba una lista.'],
      odd: ['Valor no válido: se esperaba un valor de otro tipo.'],
    });
    expect(said('en')).toEqual({
      when: ['Invalid value: expected a date.'],
      big: ['Invalid value: expected a whole number.'],
      pair: ['Invalid value: expected a list.'],
      odd: ['Invalid value: expected a value of another kind.'],
    });
  });

  it("words the sync push's refusals (built in pieces) in Spanish, values too", () => {
    expect(say('sync.depends').in('es')).toBe('depende de un cambio rechazado');
    expect(say('sync.validated', { who: say('sync.another_prompter') }).in('es')).toBe(
      'Ya validado por otro apuntador.',
    );
  });
});
