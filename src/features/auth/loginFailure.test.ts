import { describe, expect, it } from 'vitest';
import { capsLockFrom } from './loginFailure';

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
