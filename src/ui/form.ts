// Form state for a record written through the local store: what was typed stays on a failed save, and
// the store's field errors (the domain schema's, in the server's shape) show under their fields. What
// is typed and not yet saved is kept as a draft on the device (it survives a reload), and leaving the
// form with it asks first (./leave/guard.ts).
import i18next from 'i18next';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, LocalValidationError } from '../store/validate';
import { clearDraft, readDraft, type Values, writeDraft } from './draft';
import { useLeaveGuard } from './leave/guard';
import { isLoadFailure } from './loadFailure';

export type { Values } from './draft';

export interface RecordForm {
  values: Values;
  errors: FieldErrors;
  busy: boolean;
  /** Values differ from the record as stored (or as last saved). */
  dirty: boolean;
  /** The form opened with changes kept from an earlier visit (a draft). */
  restored: boolean;
  /** The errors as of the last submit, readable right after it (state updates land on the next render). */
  errorsRef: RefObject<FieldErrors>;
  set: (name: string, value: unknown) => void;
  /** Runs the write; on refusal keeps the values and shows the errors. Returns the write's result or null. */
  submit: <T>(write: (values: Values) => Promise<T>) => Promise<T | null>;
  reset: (values: Values) => void;
  /** Back to the record as stored: the changes and their draft dropped. */
  discard: () => void;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ from the base. */
function changedFields(base: Values, values: Values): Values {
  const changes: Values = {};
  for (const [name, value] of Object.entries(values)) if (!same(value, base[name])) changes[name] = value;
  return changes;
}

export interface FormOptions {
  /** Where the draft is kept ('project:<id>', 'hand-event:new:<hand>'); none when unset. */
  draft?: string;
}

export function useRecordForm(initial: Values, options: FormOptions = {}): RecordForm {
  const draftKey = options.draft;
  const [base, setBase] = useState<Values>(initial);
  const [start] = useState(() => {
    const kept = draftKey ? readDraft(draftKey) : null;
    return kept ? { values: { ...initial, ...kept }, restored: true } : { values: initial, restored: false };
  });
  const [values, setValues] = useState<Values>(start.values);
  const [restored, setRestored] = useState(start.restored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errorsRef = useRef<FieldErrors>({});
  const changes = useMemo(() => changedFields(base, values), [base, values]);
  const dirty = Object.keys(changes).length > 0;

  // The draft follows what is typed (a moment after, not on every key).
  useEffect(() => {
    if (!draftKey) return;
    const timer = window.setTimeout(() => {
      if (dirty) writeDraft(draftKey, changes);
      else clearDraft(draftKey);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [draftKey, dirty, changes]);

  const set = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const submit = useCallback(
    async <T>(write: (values: Values) => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        const result = await write(values);
        errorsRef.current = {};
        setErrors({});
        // Saved: what is on screen is now the record, nothing to keep or to ask about.
        setBase(values);
        setRestored(false);
        if (draftKey) clearDraft(draftKey);
        return result;
      } catch (error) {
        // The save's own code not on the device (offline before it was cached, or a newer version on the
        // server): said in words; what was typed stays in the form and its draft.
        errorsRef.current =
          error instanceof LocalValidationError
            ? error.fieldErrors
            : {
                non_field_errors: [
                  isLoadFailure(error)
                    ? i18next.t('common:load_failed.save')
                    : error instanceof Error
                      ? error.message
                      : String(error),
                ],
              };
        setErrors(errorsRef.current);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [values, draftKey],
  );

  const reset = useCallback((next: Values) => {
    setBase(next);
    setValues(next);
    setErrors({});
  }, []);

  const discard = useCallback(() => {
    if (draftKey) clearDraft(draftKey);
    setValues(base);
    setErrors({});
    setRestored(false);
  }, [draftKey, base]);

  useLeaveGuard(dirty, discard);

  return { values, errors, busy, dirty, restored, errorsRef, set, submit, reset, discard };
}
