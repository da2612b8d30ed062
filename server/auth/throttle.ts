// Guesses of a password, slowed where they come from, in the database (several server processes share
// it). A user name is never locked out as a whole: eleven wrong sign-ins sent by anyone used to lock
// the admin out for 15 minutes. Failures count per user name AND address together: past the free ones,
// each further attempt from that address for that name waits 1 s, 2 s, 4 s... (at most the window)
// after the last failure; other addresses sign the user in as usual. One address trying many names is
// still stopped by its own limit; the password-change form's old password counts per user.
import { tooManyRequests } from '../http/errors.js';
import { type Message, say } from '../i18n/message.js';
import type { AuthRepository } from './auth.repository.js';

export interface ThrottleLimits {
  /** Failures of one (user name, address) before each further attempt has to wait. */
  free: number;
  /** Failures of one address (any names) within the window before it has to wait out the window. */
  perAddress: number;
  windowMinutes: number;
}

/** Seconds to wait after the last failure once `failures` have been made (none up to `free`). */
function delaySeconds(failures: number, free: number, windowMinutes: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30), windowMinutes * 60);
}

/** What is being guessed: a sign-in's password, or the old password on the password-change form. */
export type Guessed = 'sign-in' | 'old-password';

function waitWords(guessed: Guessed, seconds: number): Message {
  const prefix = guessed === 'old-password' ? 'auth.old_too_many' : 'auth.too_many';
  return seconds < 60
    ? say(`${prefix}_seconds`, { seconds })
    : say(prefix, { minutes: Math.ceil(seconds / 60) });
}

export interface Attempt {
  /** A right password: the pair's failures are forgotten and this attempt is taken back. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt before the password is checked (guesses fired together each see those before
 * them), or refuses it with 429 and Retry-After without counting it (no password was checked).
 */
export async function startAttempt(
  repo: AuthRepository,
  limits: ThrottleLimits,
  guessed: Guessed,
  keys: { pair: string; address?: string },
): Promise<Attempt> {
  const all = keys.address ? [keys.pair, keys.address] : [keys.pair];
  let refusal: Error | undefined;
  const at = await repo.countAndRecord(all, limits.windowMinutes, (counts) => {
    const address = counts.find((row) => row.key === keys.address);
    if (address && address.failures >= limits.perAddress) {
      const retry = Math.ceil((limits.windowMinutes * 60_000 - address.oldestAgoMs) / 1000);
      refusal = tooManyRequests(Math.max(1, retry), waitWords(guessed, Math.max(60, retry)));
      return false;
    }
    const pair = counts.find((row) => row.key === keys.pair);
    const wait = delaySeconds(pair?.failures ?? 0, limits.free, limits.windowMinutes);
    // No wait owed, none asked (the ages are never negative, db/attempts.ts).
    const retry = pair ? Math.ceil((wait * 1000 - pair.lastAgoMs) / 1000) : 0;
    if (retry > 0) refusal = tooManyRequests(retry, waitWords(guessed, retry));
    return retry <= 0;
  });
  if (refusal) throw refusal;
  return {
    async succeeded() {
      await repo.clearFailures(keys.pair);
      if (keys.address) await repo.forgetAttempt(keys.address, at);
    },
  };
}
