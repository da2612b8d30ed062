// What the app leaves on `window` for the browser tests to read (declared where the app sets them:
// src/app/i18n/i18n.ts and src/features/tally/beep.ts); the tests are typed apart from the app.
interface Window {
  __missingTranslationKeys?: string[];
  __tallyBeeps?: number;
  __tallyChimes?: number;
}
