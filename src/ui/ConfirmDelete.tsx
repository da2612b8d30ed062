import { useCallback, useState } from 'react';
import { lazyPart } from './LoadBoundary';

const ConfirmDeleteDialog = lazyPart(() => import('./ConfirmDeleteDialog'));

interface Pending {
  title: string;
  action: () => Promise<unknown>;
}

/**
 * The spec's delete confirmation ('Delete {title}?', 'This action can NOT be undone'). `ask` opens it;
 * the action runs only on Delete, and the dialog stays open with the button busy until it is done.
 */
export function useConfirmDelete() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback(
    (title: string, action: () => Promise<unknown>) => setPending({ title, action }),
    [],
  );
  const close = () => {
    if (!busy) setPending(null);
  };
  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.action();
      setPending(null);
    } finally {
      setBusy(false);
    }
  }
  // The dialog's code (Modal and its transitions) loads with the first deletion asked, then stays.
  const [used, setUsed] = useState(false);
  if (pending && !used) setUsed(true);
  const dialog = used ? (
    <ConfirmDeleteDialog
      title={pending?.title ?? null}
      busy={busy}
      onClose={close}
      onConfirm={() => void confirm()}
    />
  ) : null;
  return { ask, dialog };
}
