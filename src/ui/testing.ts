// Test support: the app's locale files, in English and Spanish, in the global i18next that the screens'
// helpers (fieldErrors.ts, features' wording) read, for tests that check their words in both languages.
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';

/** A namespace's words as locales/<language>/<ns>.json has them. */
export const localeFile = <T = Record<string, unknown>>(language: string, ns: string): T =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/${ns}.json`, import.meta.url), 'utf8'));

/** i18next with `namespaces` (the first the default) in both languages; a t fixed to each. */
export async function withLocales(namespaces: string[]): Promise<{ en: TFunction; es: TFunction }> {
  const words = (language: string) =>
    Object.fromEntries(namespaces.map((ns) => [ns, localeFile(language, ns)]));
  await i18next.init({
    lng: 'en',
    fallbackLng: false,
    ns: namespaces,
    defaultNS: namespaces[0],
    resources: { en: words('en'), es: words('es') },
    interpolation: { escapeValue: false },
  });
  return { en: i18next.getFixedT('en'), es: i18next.getFixedT('es') };
}
