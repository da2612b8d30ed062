// The reports' texts in English and Spanish (i18n/en.json, i18n/es.json: same keys; a test checks).

import { languageOf } from '../i18n/language.js';
import en from './i18n/en.json' with { type: 'json' };
import es from './i18n/es.json' with { type: 'json' };

export const reportLanguages = ['en', 'es'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

type Texts = typeof en;
export const catalogs: Record<ReportLanguage, Texts> = { en, es };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the report texts: 'coil.title'. */
export type TextKey = Leaves<Texts>;
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

function lookup(texts: unknown, key: string): string {
  let node: unknown = texts;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

export function translator(language: ReportLanguage): Translate {
  return (key, values = {}) =>
    lookup(catalogs[language], key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      String(values[name] ?? ''),
    );
}

/**
 * The language of a report: the body's `language` when given, else the request's (the server's one
 * Accept-Language reading, i18n/language.ts), else English.
 */
export const pickLanguage = (
  requested: ReportLanguage | undefined,
  acceptLanguage?: string,
): ReportLanguage => requested ?? languageOf(acceptLanguage);
