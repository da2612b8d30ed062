import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getActiveStore } from '../../store/active';
import { useLocalDb } from '../../store/hooks';
import type { LocalRow } from '../../store/schema';
import { formatDateTime } from '../../ui/format';
import { beep } from './beep';
import type { ReferenceIndex } from './references';
import { checkReference, handCounts, lastLift, type Refusal, undoLift, validateLift } from './tally';

export interface TallyMessage {
  tone: 'ok' | 'refused';
  text: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The tally's state on the hand page: hold, the lift being gathered, validate, undo, and the counts. */
export function useTally(projectId: string, handId: string) {
  const { t } = useTranslation('tally');
  const db = useLocalDb();
  const index = useRef<ReferenceIndex | null>(null);
  const [hold, setHold] = useState<number | null>(null);
  const [basket, setBasket] = useState<LocalRow[]>([]);
  const [message, setMessage] = useState<TallyMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const counts = useLiveQuery(() => (db ? handCounts(db, handId) : undefined), [db, handId]);

  const refuse = useCallback(
    (refusal: Refusal) => {
      beep();
      const words =
        refusal.kind === 'unknown'
          ? t('refused.unknown', { reference: refusal.typed })
          : refusal.kind === 'ambiguous'
            ? t('refused.ambiguous', { reference: refusal.typed, candidates: refusal.candidates.join(', ') })
            : refusal.kind === 'duplicate'
              ? t('refused.duplicate', { reference: refusal.reference })
              : t('refused.validated', {
                  reference: refusal.reference,
                  by: refusal.by || '—',
                  at: formatDateTime(refusal.at),
                });
      setMessage({ tone: 'refused', text: words });
    },
    [t],
  );

  /** Adds what was typed or pasted (one or several references) to the lift; refusals are loud. */
  const add = useCallback(
    async (references: string[]) => {
      if (!db) return;
      let current = basket;
      for (const typed of references) {
        const check = await checkReference(db, projectId, index, typed, current);
        if (!check.ok) {
          refuse(check.refusal);
          continue;
        }
        current = [...current, check.item];
        setMessage({ tone: 'ok', text: t('added', { reference: text(check.item.reference) }) });
      }
      setBasket(current);
    },
    [db, basket, projectId, refuse, t],
  );

  const drop = (id: string) => setBasket((items) => items.filter((item) => item.id !== id));

  const validate = useCallback(async () => {
    if (basket.length === 0) return;
    if (hold === null) {
      beep();
      setMessage({ tone: 'refused', text: t('refused.no_hold') });
      return;
    }
    setBusy(true);
    try {
      await validateLift(basket, { handId, hold, prompterId: getActiveStore()?.userId ?? null });
      setMessage({ tone: 'ok', text: t('validated', { count: basket.length, hold }) });
      setBasket([]);
    } finally {
      setBusy(false);
    }
  }, [basket, hold, handId, t]);

  const undo = useCallback(async () => {
    if (!db) return;
    setBusy(true);
    try {
      const lift = await lastLift(db, handId);
      if (!lift) {
        setMessage({ tone: 'refused', text: t('nothing_to_undo') });
        return;
      }
      await undoLift(lift.items);
      setMessage({
        tone: 'ok',
        text: t('undone', {
          count: lift.items.length,
          references: lift.items.map((i) => text(i.reference)).join(', '),
        }),
      });
    } finally {
      setBusy(false);
    }
  }, [db, handId, t]);

  return { hold, setHold, basket, add, drop, validate, undo, message, busy, counts };
}
