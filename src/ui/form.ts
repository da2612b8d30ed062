// Form state for a record written through the local store: what was typed stays on a failed save, and
// the store's field errors (the domain schema's, in the server's shape) show under their fields.
import { type RefObject, useCallback, useRef, useState } from 'react';
import { type FieldErrors, LocalValidationError } from '../store/validate';

export type Values = Record<string, unknown>;

export interface RecordForm {
  values: Values;
  errors: FieldErrors;
  busy: boolean;
  /** The errors as of the last submit, readable right after it (state updates land on the next render). */
  errorsRef: RefObject<FieldErrors>;
  set: (name: string, value: unknown) => void;
  /** Runs the write; on refusal keeps the values and shows the errors. Returns the write's result or null. */
  submit: <T>(write: (values: Values) => Promise<T>) => Promise<T | null>;
  reset: (values: Values) => void;
}

export function useRecordForm(initial: Values): RecordForm {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errorsRef = useRef<FieldErrors>({});

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
        return result;
      } catch (error) {
        errorsRef.current =
          error instanceof LocalValidationError
            ? error.fieldErrors
            : { non_field_errors: [error instanceof Error ? error.message : String(error)] };
        setErrors(errorsRef.current);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [values],
  );

  const reset = useCallback((next: Values) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, busy, errorsRef, set, submit, reset };
}

/** The errors of fields the form does not show (non_field_errors, derived fields), for a banner. */
export function otherErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, messages]) =>
      field === 'non_field_errors' ? messages : messages.map((m) => `${field}: ${m}`),
    );
}
