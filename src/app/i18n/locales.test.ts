import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../store/language';

const root = join(import.meta.dirname, '../../../locales');

/** Every leaf as [dotted key, value]; a key may hold a dot itself (webhook events: 'project.created'). */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const flatKeys = (value: unknown): string[] => leaves(value).map(([key]) => key);

function namespaces(language: string): string[] {
  return readdirSync(join(root, language))
    .filter((file) => file.endsWith('.json'))
    .sort();
}

function read(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(root, language, file), 'utf8'));
}

describe('locales', () => {
  it('every language has the same namespace files', () => {
    const [first, ...rest] = LANGUAGES;
    for (const language of rest) expect(namespaces(language)).toEqual(namespaces(first));
  });

  for (const file of namespaces('en')) {
    it(`${file} has the same keys in every language, none empty`, () => {
      const reference = flatKeys(read('en', file)).sort();
      for (const language of LANGUAGES) {
        const data = read(language, file);
        expect(flatKeys(data).sort(), `${language}/${file}`).toEqual(reference);
        const empty = leaves(data)
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => key);
        expect(empty, `${language}/${file} empty or non-text values`).toEqual([]);
      }
    });

    it(`${file} uses the same interpolation variables in every language`, () => {
      const variables = (language: string) => {
        const text = readFileSync(join(root, language, file), 'utf8');
        return [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
      };
      for (const language of LANGUAGES) expect(variables(language)).toEqual(variables('en'));
    });
  }
});
