// Every message the import and attachment code words is in the catalogue, so none leaves in English to
// a Spanish user: the sentences in their source are found and each must be given in Spanish.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.js';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { translate } from './translate.js';

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
        for (const text of sentences(source)) {
          if (API_DOCS.includes(text)) continue;
          checked.push(text);
          expect(translate(text, 'es'), `${folder}/${name}: ${text}`).not.toBe(text);
        }
      }
    // The scan does find the messages, keyed or still in words (a broken scan would check nothing).
    expect(checked.length + keyed.length).toBeGreaterThan(80);
  });

  it('gives every field message of the domain (what a row problem ends with) in Spanish', () => {
    for (const [name, message] of Object.entries(messages)) {
      const text = typeof message === 'string' ? message : (message as (value: number) => string)(7);
      expect(translate(text, 'es'), name).not.toBe(text);
    }
  });

  it("gives the sync push's refusals the sentence scan cannot see (built in pieces) in Spanish", () => {
    for (const text of [
      'depends on a rejected change',
      'Already validated by ana at 2026-11-22T08:00:00.000Z.',
      'Already validated by another prompter.',
      'A later change stands: trade_name = "Office"; email = null.',
    ])
      expect(translate(text, 'es'), text).not.toBe(text);
  });
});
