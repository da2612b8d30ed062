import type { TFunction } from 'i18next';
import type { ErrorNotice } from '../../api/errors';

// The server words its password rules in English (Django's own sentences, which the API promises). The
// password-change form shows each known one in the interface language; an unknown one is shown as sent.
const KNOWN: Array<[RegExp, string]> = [
  [/^Your old password was entered incorrectly/, 'password_rules.old_password_wrong'],
  [/^The two password fields didn.t match/, 'password_change.mismatch'],
  [/^This password is too short/, 'password_rules.too_short'],
  [/^This password is too long/, 'password_rules.too_long'],
  [/^This password is too common/, 'password_rules.too_common'],
  [/^This password is entirely numeric/, 'password_rules.numeric'],
  [/^The password is too similar to the username/, 'password_rules.similar_username'],
  [/^The password is too similar to the email address/, 'password_rules.similar_email'],
];

/** A server message about passwords in the interface language, when it is one the form knows. */
export function localisedPasswordMessage(message: string, t: TFunction): string {
  const known = KNOWN.find(([pattern]) => pattern.test(message));
  return known ? t(`auth:${known[1]}`) : message;
}

/** Field errors ({field: [messages]}) with each known message in the interface language. */
export function localisedFieldErrors(
  fields: Record<string, string[]>,
  t: TFunction,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((message) => localisedPasswordMessage(message, t)),
    ]),
  );
}

const PASSWORD_FIELDS = new Set(['old_password', 'new_password1', 'new_password2']);

/** The error notice with the form's field names and each known message in the interface language. */
export function localisedNotice(notice: ErrorNotice, t: TFunction): ErrorNotice {
  return {
    ...notice,
    lines: notice.lines.map((line) => ({
      label:
        line.label && PASSWORD_FIELDS.has(line.label) ? t(`auth:password_change.${line.label}`) : line.label,
      messages: line.messages.map((message) => localisedPasswordMessage(message, t)),
    })),
  };
}
