// The administration's calls go to the server (an admin screen is a client like any other): each
// checks the connection first, keeps the server's field errors for the form, and shows the rest.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/errors';
import { isOnline } from '../../../api/http';
import { getSyncEngine } from '../../../sync/lifecycle';
import { notifyApiError } from '../../../ui/notices';

export type FieldErrors = Record<string, string[]>;

/** Pulls now, so what the server just changed shows on this device at once. */
export function pullNow(): void {
  void getSyncEngine()
    ?.syncNow()
    .catch(() => {});
}

/** Runs an online action for a form: busy while it runs, field errors under the fields, else a notice. */
export function useOnlineAction() {
  const { t } = useTranslation('admin');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | null> => {
      if (running.current) return null;
      if (!isOnline()) {
        setErrors({ non_field_errors: [t('needs_connection')] });
        return null;
      }
      running.current = true;
      setBusy(true);
      try {
        const result = await action();
        setErrors({});
        pullNow();
        return result;
      } catch (error) {
        const fields = await fieldErrors(error);
        if (fields) setErrors(fields);
        else await notifyApiError(error);
        return null;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t],
  );
  return { errors, setErrors, busy, run };
}

/** The errors not shown under a field of the form (one line for a banner). */
export function bannerOf(errors: FieldErrors, shown: readonly string[]): string | null {
  const lines = Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([, messages]) => messages);
  return lines.length > 0 ? lines.join(' ') : null;
}
