// Unsaved changes: every record form with changes not yet saved registers here while it has them, and
// whatever would take the user away from it (a link, a navigation entry, the back button, Escape or
// Close on a dialog) asks first. Leaving on purpose discards the changes and their draft.
import { useEffect, useId, useSyncExternalStore } from 'react';

interface Question {
  /** What happens when the user chooses to leave. */
  leave: () => void;
  /** One dialog's form is closed (its own changes dropped), not the screen left (every form's). */
  discard?: () => void;
}

const dirty = new Map<string, () => void>();
let question: Question | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Whether a form on screen holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/**
 * Asks before `leave` when a form holds unsaved changes; runs it at once otherwise. Leaving discards the
 * changes (each form's `discard`: its draft is dropped).
 */
export function askToLeave(leave: () => void): void {
  if (dirty.size === 0) {
    leave();
    return;
  }
  if (question) return;
  question = { leave };
  changed();
}

/** Asks before closing a dialog whose form holds unsaved changes; `discard` drops them if the user goes on. */
export function askToClose(discard: () => void, close: () => void): void {
  if (question) return;
  question = { leave: close, discard };
  changed();
}

// One key press reaches every open dialog (Escape on the question reaches the form's dialog under it
// too): for the rest of that event, the answer stands and nothing asks again.
let answering = false;

/** The question was answered during the event being handled. */
export function justAnswered(): boolean {
  return answering;
}

/** The user chose: leave (the changes are discarded) or stay. */
export function answer(leave: boolean): void {
  const asked = question;
  question = null;
  answering = true;
  setTimeout(() => {
    answering = false;
  }, 0);
  if (leave && asked) {
    if (asked.discard) asked.discard();
    else {
      const discards = [...dirty.values()];
      dirty.clear();
      for (const discard of discards) discard();
    }
    asked.leave();
  }
  changed();
}

/** Whether the question is on screen (a dialog's Escape then answers "stay" instead of asking again). */
export function isAsking(): boolean {
  return question !== null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useQuestion(): Question | null {
  return useSyncExternalStore(
    subscribe,
    () => question,
    () => null,
  );
}

/** Registers a form while it holds unsaved changes; `discard` drops them when the user leaves anyway. */
export function useLeaveGuard(unsaved: boolean, discard: () => void): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    dirty.set(id, discard);
    return () => {
      dirty.delete(id);
    };
  }, [id, unsaved, discard]);
}

// The back button: a listener added when this module loads, before the router's own (the app's router
// imports this module), so it can hold a "back" away from the router while the question is asked.
let backHandler: ((event: PopStateEvent) => void) | null = null;

/** What the back and forward buttons do first (the signed-in frame's guard); null to stop. */
export function onBackButton(handler: ((event: PopStateEvent) => void) | null): void {
  backHandler = handler;
}

if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => backHandler?.(event));
