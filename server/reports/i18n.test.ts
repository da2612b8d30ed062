import { describe, expect, it } from 'vitest';
import { catalogs, pickLanguage, translator } from './i18n.js';

function keys(node: unknown, prefix = ''): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('report texts', () => {
  it('has the same keys in English and Spanish, none empty', () => {
    expect(keys(catalogs.es).sort()).toEqual(keys(catalogs.en).sort());
    for (const language of ['en', 'es'] as const) {
      const t = translator(language);
      for (const key of keys(catalogs[language])) expect(t(key as never).trim()).not.toBe('');
    }
  });

  it('fills in values', () => {
    expect(translator('es')('container.damage_count', { count: 3 })).toBe('Daños encontrados: 3');
  });

  it('picks the body language, else the best Accept-Language it speaks, else English', () => {
    expect(pickLanguage('es', 'en')).toBe('es');
    expect(pickLanguage(undefined, 'fr-FR, es;q=0.8, en;q=0.5')).toBe('es');
    expect(pickLanguage(undefined, 'en;q=0.2, es-MX;q=0.9')).toBe('es');
    expect(pickLanguage(undefined, 'es;q=0, de')).toBe('en');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });
});
