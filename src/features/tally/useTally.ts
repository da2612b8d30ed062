import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKg, formatNumber } from '../../domain/numbers';
import { getActiveStore } from '../../store/active';
import { useLocalDb } from '../../store/hooks';
import type { RowOfResource } from '../../store/schema';
import { formatDateTime } from '../../ui/format';
import { useZone } from '../../ui/zone';
import type { ScanRule } from '../scan';
import { beep, chime } from './beep';
import { matchLabel } from './match';
import type { ReferenceIndex } from './references';
import {
  addToCounts,
  checkReference,
  type HandCounts,
  handCounts,
  lastLift,
  projectReferences,
  type Refusal,
  undoLift,
  validateLift,
} from './tally';

export interface TallyMessage {
  /** 'warning': the item joined the lift, but something about it needs a look (a label's weight). */
  tone: 'ok' | 'refused' | 'warning';
  text: string;
}

type Item = RowOfResource<'packing-list'>;

export type Tally = ReturnType<typeof useTally>;

/** The tally's state on the hand page: hold, the lift being gathered, validate, undo, and the counts. */
export function useTally(projectId: string, handId: string) {
  const { t, i18n } = useTranslation('tally');
  const zone = useZone();
  const db = useLocalDb();
  const index = useRef<ReferenceIndex | null>(null);
  const [hold, setHold] = useState<number | null>(null);
  const [basket, setBasket] = useState<Item[]>([]);
  const [message, setMessage] = useState<TallyMessage | null>(null);
  const [busy, setBusy] = useState(false);
  // The counts on screen: the store's (live), moved at once by this screen's own lifts and undos, so the
  // prompter sees the lift counted as soon as it is written; the live read confirms it a moment later.
  const live = useLiveQuery(() => (db ? handCounts(db, handId) : undefined), [db, handId]);
  // While a lift is written the counts hold still (the store's live reads may see it half written), then
  // show the expected result until the live read agrees (or 2 s pass: another device changed things).
  const [pending, setPending] = useState<{ base: HandCounts; expected: HandCounts | null } | null>(null);
  const settled =
    pending?.expected &&
    live &&
    live.items === pending.expected.items &&
    live.lifts === pending.expected.lifts;
  const counts: HandCounts | undefined = pending && !settled ? (pending.expected ?? pending.base) : live;
  useEffect(() => {
    if (!pending?.expected) return;
    if (settled) {
      setPending(null);
      return;
    }
    const timer = setTimeout(() => setPending(null), 2000);
    return () => clearTimeout(timer);
  }, [pending, settled]);
  // The references index is read as the tally opens, not on the first Enter.
  const loading = useRef<Promise<unknown> | null>(null);
  useEffect(() => {
    if (!db) return;
    let current = true;
    loading.current = projectReferences(db, projectId).then((loaded) => {
      if (current && !index.current) index.current = loaded;
    });
    return () => {
      current = false;
    };
  }, [db, projectId]);

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
                  at: formatDateTime(refusal.at, zone),
                });
      setMessage({ tone: 'refused', text: words });
    },
    [t, zone],
  );

  // Every action waits for the one before (a gloved prompter presses Enter faster than IndexedDB answers),
  // and reads the lift and the counts as they are then, not as they were at the last render.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const basketRef = useRef<Item[]>([]);
  const countsRef = useRef<HandCounts | undefined>(undefined);
  countsRef.current = counts;
  const holdRef = useRef<number | null>(null);
  holdRef.current = hold;
  const inTurn = useCallback((action: () => Promise<void>) => {
    const next = queue.current.then(action, action);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);
  const setLift = (items: Item[]) => {
    basketRef.current = items;
    setBasket(items);
  };

  /** Adds what was typed or pasted (one or several references) to the lift; refusals are loud. */
  const add = (references: string[]) =>
    inTurn(async () => {
      if (!db) return;
      // An Enter right after opening waits for the index being read rather than reading it twice.
      await loading.current?.catch(() => undefined);
      for (const typed of references) {
        const check = await checkReference(db, projectId, index, typed, basketRef.current);
        if (!check.ok) {
          refuse(check.refusal);
          continue;
        }
        setLift([...basketRef.current, check.item]);
        setMessage({ tone: 'ok', text: t('added', { reference: check.item.reference }) });
      }
    });

  /** A label read by the camera: joins the lift with a short sound, or is refused loudly. */
  const scan = (raw: string, rule: ScanRule) =>
    inTurn(async () => {
      if (!db) return;
      await loading.current?.catch(() => undefined);
      const outcome = await matchLabel(db, projectId, index, raw, basketRef.current, rule);
      if (!outcome.ok) {
        refuse(outcome.refusal);
        return;
      }
      const reference = outcome.item.reference;
      setLift([...basketRef.current, outcome.item]);
      chime();
      const { mismatch } = outcome;
      setMessage(
        mismatch
          ? {
              tone: 'warning',
              text: t('scan.weight_differs', {
                reference,
                label: formatKg(Math.round(mismatch.labelKg), i18n.language),
                list: formatKg(Math.round(mismatch.listKg), i18n.language),
                percent: formatNumber(mismatch.percent, i18n.language, 1, 1),
              }),
            }
          : { tone: 'ok', text: t('added', { reference }) },
      );
    });

  const drop = (id: string) => setLift(basketRef.current.filter((item) => item.id !== id));

  /** Writes a change of the counts' items (a lift or its undo), holding the counts still meanwhile. */
  async function written(write: () => Promise<void>, items: Item[], sign: 1 | -1) {
    const base = countsRef.current;
    if (base) setPending({ base, expected: null });
    try {
      await write();
    } catch (error) {
      setPending(null);
      throw error;
    }
    if (base) setPending({ base, expected: addToCounts(base, items, sign) });
  }

  const validate = () =>
    inTurn(async () => {
      const items = basketRef.current;
      const chosen = holdRef.current;
      if (!db || items.length === 0) return;
      if (chosen === null) {
        beep();
        setMessage({ tone: 'refused', text: t('refused.no_hold') });
        return;
      }
      setBusy(true);
      try {
        const prompterId = getActiveStore()?.userId ?? null;
        await written(
          () => validateLift(db, items, { handId, hold: chosen, prompterId }).then(() => undefined),
          items,
          1,
        );
        setMessage({ tone: 'ok', text: t('validated', { count: items.length, hold: chosen }) });
        setLift([]);
      } finally {
        setBusy(false);
      }
    });

  const undo = () =>
    inTurn(async () => {
      if (!db) return;
      setBusy(true);
      try {
        const lift = await lastLift(db, handId);
        if (!lift) {
          setMessage({ tone: 'refused', text: t('nothing_to_undo') });
          return;
        }
        await written(() => undoLift(db, lift.items), lift.items, -1);
        const references = lift.items.map((item) => item.reference).join(', ');
        setMessage({ tone: 'ok', text: t('undone', { count: lift.items.length, references }) });
      } finally {
        setBusy(false);
      }
    });

  return { hold, setHold, basket, add, scan, drop, validate, undo, message, busy, counts };
}
