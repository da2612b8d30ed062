import { type RefObject, useEffect, useRef } from 'react';

const CONTROLS = 'input, textarea, select, button';

/**
 * After a refused submit, moves the focus to the first field marked invalid: on a small screen it may
 * be out of view, and a screen reader then reads the field with its message. Call `focusFirstError()`
 * where the submit sets the errors; the focus moves once they are on screen.
 */
export function useFocusFirstError<T extends HTMLElement>(
  errors: object,
): { formRef: RefObject<T | null>; focusFirstError: () => void } {
  const formRef = useRef<T>(null);
  const pending = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a submit has set new errors.
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    // Mantine marks a text input with aria-invalid, a password input with data-invalid; a group its wrapper.
    const marked = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"]',
    );
    const control = marked?.matches(CONTROLS) ? marked : marked?.querySelector<HTMLElement>(CONTROLS);
    control?.focus();
  }, [errors]);
  return {
    formRef,
    focusFirstError: () => {
      pending.current = true;
    },
  };
}
