// The server's message catalogues: every message in both languages with the same values, each keyed
// message worded in either with its values (nested messages, fields by their labels, lists) in the same
// language.
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.js';
import { domainMessage } from './domain-messages.js';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { languageOf } from './language.js';
import { allOf, fieldName, oneOf, say } from './message.js';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}-7>`);

describe('message catalogues', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the same values in both languages, and words each message in Spanish', () => {
    for (const [key, english] of Object.entries(en)) {
      const spanish = es[key as MessageKey];
      expect(placeholders(spanish).sort(), key).toEqual(placeholders(english).sort());
      expect(spanish, key).not.toBe(english);
    }
  });

  it('words each keyed message in both languages, values filled and other braces kept as written', () => {
    const named = ['record.unique', 'record.unique_in'];
    for (const key of Object.keys(en) as MessageKey[]) {
      if (named.includes(key)) continue;
      const values = Object.fromEntries(placeholders(en[key]).map((name) => [name, `<${name}-7>`]));
      expect(say(key, values).in('en'), key).toBe(fill(en[key]));
      expect(say(key, values).in('es'), key).toBe(fill(es[key]));
    }
    expect(say('field.scan_pattern_repeats').in('es')).toContain('(*, +, {n,})');
    const nested = say('sync.validated', { who: say('sync.another_prompter') });
    expect([nested.in('es'), String(nested), JSON.stringify({ detail: nested })]).toEqual([
      'Ya validado por otro apuntador.',
      'Already validated by another prompter.',
      '{"detail":"Already validated by another prompter."}',
    ]);
    expect(say('record.unique', { resource: 'port', field: 'code' }).in('es')).toBe(
      'UN/LOCODE: ya lo usa otro registro de puerto.',
    );
  });

  it("names a repeated value's field and resource in the app's words, not by their code names", () => {
    expect(say('record.unique', { resource: 'port', field: 'code' }).in('es')).toBe(
      'UN/LOCODE: ya lo usa otro registro de puerto.',
    );
    const scoped = say('record.unique_in', {
      resource: 'packing-list',
      field: 'reference',
      scope: allOf([fieldName('packing-list', 'project')]),
    });
    expect(scoped.in('es')).toBe(
      'Referencia: ya lo usa otro registro de bulto de la lista en este proyecto.',
    );
    expect(String(scoped)).toBe('A packing-list with this reference already exists in this project.');
    expect(String(say('record.unique', { resource: 'port', field: 'code' }))).toBe(
      'A port with this code already exists.',
    );
    expect(say('record.unique', { resource: 'widget', field: 'colour' }).in('es')).toBe(
      'colour: ya lo usa otro registro de widget.',
    );
  });

  it('words a row problem with the message it nests, a domain message and its values, in one language', () => {
    const row = (message: ReturnType<typeof say> | string) =>
      say('import.row', {
        row: 4,
        column: 'C',
        header: 'Peso neto',
        message: domainMessage(String(message)),
      });
    expect(row(messages.required).in('es')).toBe('Fila 4, columna C (Peso neto): Este campo es obligatorio.');
    expect(String(row(messages.required))).toBe('Row 4, column C (Peso neto): This field is required.');
    const item = say('field.item', { index: '1', message: domainMessage(messages.choice('pink')) });
    expect(item.in('es')).toBe('Elemento 1: "pink" no es una opción válida.');
    expect(String(item)).toBe('Item 1: "pink" is not a valid choice.');
    // A row problem about a field the file has no column for names it by its label.
    const noColumn = say('import.row', {
      row: 2,
      column: '',
      header: fieldName('packing-list', 'net_weight'),
      message: say('field.required'),
    });
    expect(noColumn.in('es')).toBe('Fila 2, columna  (peso neto (kg)): Este campo es obligatorio.');
    expect(String(noColumn)).toBe('Row 2, column  (net_weight): This field is required.');
  });

  it("joins a list of values as the reader's language does, fields by their labels", () => {
    const same = say('reference.merge_same', {
      fields: allOf([fieldName('event', 'kind'), fieldName('event', 'delay_attribution')]),
    });
    expect(String(same)).toBe('Only entries with the same kind and delay_attribution can be merged.');
    expect(same.in('es')).toMatch(/^Solo se pueden fusionar entradas con el mismo valor de \S.* y \S.*\.$/);
    expect(same.in('es')).not.toMatch(/kind|delay|attribution| and /);
    const known = say('import.unknown_commodity', { raw: 'X', known: oneOf(['Coil', 'Granite', 'Steel']) });
    expect(String(known)).toBe('Unknown commodity "X" (use Coil, Granite, or Steel).');
    expect(known.in('es')).toBe('Mercancía desconocida "X" (use Coil, Granite o Steel).');
  });

  it('reads the language from Accept-Language: en or es by preference, English otherwise', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('es')).toBe('es');
    expect(languageOf('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOf('en-GB,es;q=0.5')).toBe('en');
    expect(languageOf('fr-FR,es;q=0.5')).toBe('es');
    expect(languageOf('de, fr')).toBe('en');
    expect(languageOf('en;q=0.2, es;q=0.8')).toBe('es');
    expect(languageOf('es;q=0')).toBe('en');
  });
});
