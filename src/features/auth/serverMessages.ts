import type { TFunction } from 'i18next';
import type { ErrorNotice } from '../../api/errors';

// The server words its messages in the request's language (the API client sends Accept-Language), so
// they are shown as sent; only the password fields' wire names become the form's labels.
const PASSWORD_FIELDS = new Set(['old_password', 'new_password1', 'new_password2']);

/** The error notice with the form's field names in place of the wire names. */
export function localisedNotice(notice: ErrorNotice, t: TFunction): ErrorNotice {
  return {
    ...notice,
    lines: notice.lines.map((line) => ({
      ...line,
      label:
        line.label && PASSWORD_FIELDS.has(line.label) ? t(`auth:password_change.${line.label}`) : line.label,
    })),
  };
}
