// The server's message catalogues: every message in both languages with the same values, and each
// English message given back as its own Spanish one (no other template takes it).
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.js';
import { es } from './es.js';
import { languageOf } from './language.js';
import { say } from './message.js';
import { placeholders, translate } from './translate.js';

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

  it('gives each English message as its Spanish one, values kept', () => {
    for (const [key, english] of Object.entries(en))
      expect(translate(fill(english), 'es'), key).toBe(fill(es[key as MessageKey]));
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
    expect(translate('A port with this code already exists.', 'es')).toBe(
      'UN/LOCODE: ya lo usa otro registro de puerto.',
    );
    expect(translate('A packing-list with this reference already exists in this project.', 'es')).toBe(
      'Referencia: ya lo usa otro registro de bulto de la lista en este proyecto.',
    );
    expect(translate('A port with this code already exists.', 'en')).toBe(
      'A port with this code already exists.',
    );
    expect(translate('A widget with this colour already exists.', 'es')).toBe(
      'colour: ya lo usa otro registro de widget.',
    );
  });

  it('translates messages nested in a row problem, and leaves unknown ones in English', () => {
    expect(translate('Row 4, column C (Peso neto): This field is required.', 'es')).toBe(
      'Fila 4, columna C (Peso neto): Este campo es obligatorio.',
    );
    expect(translate('Row 2, column H (Label color): Item 1: "pink" is not a valid choice.', 'es')).toBe(
      'Fila 2, columna H (Label color): Elemento 1: "pink" no es una opción válida.',
    );
    expect(translate('Something new.', 'es')).toBe('Something new.');
    expect(translate('This field is required.', 'en')).toBe('This field is required.');
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
