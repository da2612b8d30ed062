import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, storedLanguage, storeLanguage } from '../../store/language';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

// Every locales/<lang>/<namespace>.json becomes its own chunk: a feature adds a namespace by adding the two
// files, and a screen loads only the namespaces it uses. The service worker precaches all of them.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

function loaderFor(language: string, namespace: string): Loader | undefined {
  return loaders[`../../../locales/${language}/${namespace}.json`];
}

const bundledBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`No locale file for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

declare global {
  interface Window {
    /** Keys a screen asked for that no locale file holds; the browser tests fail when it is not empty. */
    __missingTranslationKeys?: string[];
  }
}

function recordMissingKey(key: string): string {
  if (typeof window !== 'undefined') {
    window.__missingTranslationKeys = [...(window.__missingTranslationKeys ?? []), key];
  }
  return key;
}

/** `firstScreen`: the namespaces the first screen needs beyond the common texts (loaded with them). */
export async function initI18n(firstScreen: string[] = []): Promise<typeof i18next> {
  const language = storedLanguage();
  document.documentElement.lang = language;
  await i18next
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      // The first screens' texts load with the start-up, in parallel; other namespaces load with their screen.
      ns: [...new Set(['common', ...firstScreen])],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      parseMissingKeyHandler: recordMissingKey,
      react: { useSuspense: true },
    });
  return i18next;
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
