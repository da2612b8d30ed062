import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/auth.json';
import { passwordProblems } from '../../../server/auth/passwords';
import { capsLockFrom } from './loginFailure';
import { localisedPasswordMessage } from './serverMessages';

// A t() that answers the English text of a key, or the key itself when there is none.
const t = ((key: string) => {
  const path = key.replace(/^auth:/, '').split('.');
  let value: unknown = en;
  for (const part of path) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : key;
}) as unknown as TFunction;

describe('password messages', () => {
  it('knows every rule the server words, so each is shown in the interface language', () => {
    const said = [
      ...passwordProblems('short'),
      ...passwordProblems('x'.repeat(300)),
      ...passwordProblems('password123'),
      ...passwordProblems('12345678901'),
      ...passwordProblems('marta-2026x', { username: 'marta' }),
      ...passwordProblems('ana.puerto1', { email: 'ana.puerto@estibas.es' }),
    ];
    expect(said.length).toBeGreaterThanOrEqual(6);
    for (const message of said) {
      const shown = localisedPasswordMessage(message, t);
      // Found in the table: the text comes from the locale file (here English, the same sentence).
      expect(shown, message).toBe(message);
      expect(Object.values(en.password_rules), message).toContain(shown);
    }
  });

  it('shows an unknown message as the server sent it', () => {
    expect(localisedPasswordMessage('Something new.', t)).toBe('Something new.');
  });
});

describe('capsLockFrom', () => {
  const key = (value: string, shiftKey = false, capsLock = false) => ({
    key: value,
    shiftKey,
    getModifierState: () => capsLock,
  });
  it("reads the browser's modifier state, else a letter's case against Shift", () => {
    expect(capsLockFrom(key('a', false, true))).toBe(true);
    expect(capsLockFrom(key('A'))).toBe(true);
    expect(capsLockFrom(key('A', true))).toBe(false);
    expect(capsLockFrom(key('a'))).toBe(false);
    expect(capsLockFrom(key('a', true))).toBe(true);
    expect(capsLockFrom(key('CapsLock'))).toBe(false);
    expect(capsLockFrom(key('7'))).toBeNull();
    expect(capsLockFrom(key('ArrowLeft'))).toBeNull();
  });
});
