import type { TFunction } from 'i18next';
import { HTTPError } from 'ky';
import type { ErrorNotice } from '../../api/errors';

/**
 * What the sign-in form says for a refused sign-in, in the interface's language. The server answers in
 * English; its two refusals are known: 400 (unknown user, wrong password, or a value longer than any
 * account's: the form has already checked for empty fields), 429 (too many failures: wait Retry-After) and
 * 503 (busy or the database away).
 * Anything else (offline, a server fault) keeps the mapped notice's own lines.
 */
export function loginFailureNotice(error: unknown, notice: ErrorNotice, t: TFunction): ErrorNotice {
  if (notice.status === 400) return withMessage(notice, t('auth:login.bad_credentials'));
  if (notice.status === 429) {
    const header = error instanceof HTTPError ? Number(error.response.headers.get('retry-after')) : 0;
    const seconds = Number.isFinite(header) && header > 0 ? Math.ceil(header) : 60;
    // Past a few failures each attempt waits a little longer (1 s, 2 s, 4 s...): short waits in seconds.
    if (seconds < 60) return withMessage(notice, t('auth:login.too_many_seconds', { count: seconds }));
    return withMessage(notice, t('auth:login.too_many', { count: Math.ceil(seconds / 60) }));
  }
  // Many signing in at once, or the database away for a moment: nothing was checked; try again soon.
  if (notice.status === 503) return withMessage(notice, t('auth:login.busy'));
  return notice;
}

function withMessage(notice: ErrorNotice, message: string): ErrorNotice {
  return { ...notice, lines: [{ label: null, messages: [message] }] };
}

/**
 * Whether Caps Lock is on, from a key event in the password field: the browser's own modifier state,
 * or a letter whose case disagrees with Shift. Null when the key says nothing (digits, arrows).
 */
export function capsLockFrom(event: {
  key: string;
  shiftKey: boolean;
  getModifierState?: (key: 'CapsLock') => boolean;
}): boolean | null {
  if (event.getModifierState?.('CapsLock')) return true;
  if (event.key === 'CapsLock') return false;
  if (event.key.length !== 1 || event.key.toLowerCase() === event.key.toUpperCase()) return null;
  const upper = event.key !== event.key.toLowerCase();
  return upper !== event.shiftKey;
}
