// The interface's words in either language, read from the locale files, so one browser walk runs in
// English and in Spanish (tests/e2e/a11y.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

export type Language = 'en' | 'es';

const cache = new Map<string, unknown>();

function file(language: Language, namespace: string): unknown {
  const path = join(ROOT, 'locales', language, `${namespace}.json`);
  if (!cache.has(path)) cache.set(path, JSON.parse(readFileSync(path, 'utf8')));
  return cache.get(path);
}

/** `label('es')('ui:filters.open')` is the Spanish text of that key; a missing key throws. */
export function labels(language: Language): (key: string) => string {
  return (key) => {
    const [namespace, path] = key.split(':');
    let node: unknown = file(language, namespace ?? '');
    for (const part of (path ?? '').split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
    return node;
  };
}
