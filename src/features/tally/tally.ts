// The tally's reads and writes on the local store. A lift is the items validated in one action: they share
// a lift_id (UUIDv7), and each is written through the store's update (row + outbox, one transaction each).
import { Dexie } from 'dexie';
import { uuidv7 } from '../../domain/ids';
import { milliToText, toMilli } from '../../domain/ratios/decimal';
import { getActiveDb, loadWrites, subscribeActiveStore, update } from '../../store/active';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { labelOf } from '../../ui/lookups';
import { ReferenceIndex } from './references';

type Item = RowOfResource<'packing-list'>;

const projectRange = (db: LocalDb, projectId: string) =>
  db
    .rows('packing-list')
    .where('[project+reference]')
    .between([projectId, Dexie.minKey], [projectId, Dexie.maxKey]);

/** The project's references, keys only from the [project+reference] index. */
async function loadReferences(db: LocalDb, projectId: string): Promise<ReferenceIndex> {
  const keys = await projectRange(db, projectId).keys();
  return new ReferenceIndex(keys.map((key) => (Array.isArray(key) ? String(key[1]) : '')));
}

/**
 * The last project's index, shared by the hand pages a prompter opens one after another: reading 20,000
 * references takes a second or more on a tablet, and a page left before it finished no longer starts
 * another read beside it.
 */
let kept: { db: LocalDb; projectId: string; index: Promise<ReferenceIndex> } | null = null;

// Sign-out (or another user's sign-in) closes the store the index was read from: the references of that
// user's project are not kept in memory past their session.
subscribeActiveStore(() => {
  if (kept && getActiveDb() !== kept.db) kept = null;
});

/**
 * The project's references: the one already read while it still has as many items as the project holds
 * here (an import or a deletion since reads them again), else read now. `fresh`: read now in any case
 * (a reference typed and not found: an item may have been renamed).
 */
export async function projectReferences(
  db: LocalDb,
  projectId: string,
  fresh = false,
): Promise<ReferenceIndex> {
  const held = kept?.db === db && kept.projectId === projectId ? kept.index : null;
  if (held && !fresh) {
    const [index, count] = await Promise.all([held.catch(() => null), projectRange(db, projectId).count()]);
    if (index && index.size === count) return index;
  }
  const index = loadReferences(db, projectId);
  kept = { db, projectId, index };
  index.catch(() => {
    if (kept?.index === index) kept = null;
  });
  return index;
}

export type Refusal =
  | { kind: 'unknown'; typed: string }
  | { kind: 'ambiguous'; typed: string; candidates: string[] }
  | { kind: 'validated'; typed: string; reference: string; by: string; at: string }
  | { kind: 'duplicate'; typed: string; reference: string };

export type Check = { ok: true; item: Item } | { ok: false; refusal: Refusal };

/**
 * Resolves what the prompter typed to one item not yet validated and not already in this lift. The index
 * is reloaded once on a miss (items imported meanwhile). `exact` (a scanned label): the whole reference
 * only, any case, never an ending of one.
 */
export async function checkReference(
  db: LocalDb,
  projectId: string,
  index: { current: ReferenceIndex | null },
  typed: string,
  basket: readonly Item[],
  exact = false,
): Promise<Check> {
  const find = (references: ReferenceIndex) => {
    const found = references.match(typed);
    if (!exact) return found;
    return found.kind === 'unique' && found.reference.trim().toLowerCase() === typed.trim().toLowerCase()
      ? found
      : ({ kind: 'none' } as const);
  };
  if (!index.current) index.current = await projectReferences(db, projectId);
  let match = find(index.current);
  if (match.kind === 'none') {
    index.current = await projectReferences(db, projectId, true);
    match = find(index.current);
  }
  if (match.kind === 'none') return { ok: false, refusal: { kind: 'unknown', typed } };
  if (match.kind === 'ambiguous')
    return { ok: false, refusal: { kind: 'ambiguous', typed, candidates: match.candidates } };
  const item = await db
    .rows('packing-list')
    .where('[project+reference]')
    .equals([projectId, match.reference])
    .first();
  if (!item) return { ok: false, refusal: { kind: 'unknown', typed } };
  if (basket.some((row) => row.id === item.id))
    return { ok: false, refusal: { kind: 'duplicate', typed, reference: match.reference } };
  if (item.validated === true) {
    const prompter = item.validation_prompter_identifier ?? '';
    const user = prompter ? await db.rows('users').get(prompter) : undefined;
    return {
      ok: false,
      refusal: {
        kind: 'validated',
        typed,
        reference: match.reference,
        by: user ? labelOf('users', user) : prompter,
        at: item.validation_datetime ?? '',
      },
    };
  }
  return { ok: true, item };
}

export interface LiftContext {
  handId: string;
  hold: number;
  prompterId: string | null;
}

/**
 * The store's writes of one lift, in one transaction: each update nests in it (same tables), so the lift
 * lands whole or not at all, and screens never see half of it.
 */
async function asOneLift(db: LocalDb, write: () => Promise<void>): Promise<void> {
  // The writes' code is in before the transaction opens: loading it inside would commit it early.
  await loadWrites();
  return db.transaction('rw', [db.rows('packing-list'), db.outbox, db.meta, db.server_rows], write);
}

/** Validates the items as one lift; returns the lift id. */
export async function validateLift(
  db: LocalDb,
  items: readonly Item[],
  context: LiftContext,
): Promise<string> {
  const liftId = uuidv7();
  const at = new Date().toISOString();
  await asOneLift(db, async () => {
    for (const item of items) {
      const processed = toMilli(item.processed_quantity ?? '') + toMilli(item.quantity || '1');
      await update('packing-list', item.id, {
        validated: true,
        validation_datetime: at,
        validation_hand: context.handId,
        validation_hold: context.hold,
        validation_prompter_identifier: context.prompterId,
        lift_id: liftId,
        processed_quantity: milliToText(processed),
      });
    }
  });
  return liftId;
}

/** The hand's most recent lift (its items), or null. */
export async function lastLift(
  db: LocalDb,
  handId: string,
): Promise<{ liftId: string | null; items: Item[] } | null> {
  const newest = await db
    .rows('packing-list')
    .where('[validation_hand+validation_datetime]')
    .between([handId, Dexie.minKey], [handId, Dexie.maxKey])
    .last();
  if (!newest) return null;
  const liftId = newest.lift_id || null;
  const items = liftId ? await db.rows('packing-list').where('lift_id').equals(liftId).toArray() : [newest];
  return { liftId, items: items.filter((item) => item.validation_hand === handId) };
}

/** Undoes a lift: each item back to not validated, its processed quantity reduced again. */
export async function undoLift(db: LocalDb, items: readonly Item[]): Promise<void> {
  await asOneLift(db, async () => {
    for (const item of items) {
      const processed = toMilli(item.processed_quantity ?? '') - toMilli(item.quantity || '1');
      await update('packing-list', item.id, {
        validated: false,
        validation_datetime: null,
        validation_hand: null,
        validation_hold: null,
        validation_prompter_identifier: null,
        lift_id: null,
        processed_quantity: milliToText(processed > 0n ? processed : 0n),
      });
    }
  });
}

export interface HandCounts {
  items: number;
  /** Validated units (sum of the items' quantities), decimal text. */
  units: string;
  /** Net weight in metric tonnes, 2 decimals. */
  tonnes: string;
  lifts: number;
  /** The lifts counted (lift_id, or the item's id for an item validated alone). */
  liftIds: ReadonlySet<string>;
}

const unitsText = (milli: bigint) => milliToText(milli).replace(/\.?0+$/, '') || '0';

/** Counts moved by a lift validated (+1) or undone (-1), without reading the store again. */
export function addToCounts(counts: HandCounts, items: readonly Item[], sign: 1 | -1): HandCounts {
  const big = BigInt(sign);
  let units = toMilli(counts.units);
  let grams = toMilli(counts.tonnes) * 1000n;
  for (const item of items) {
    units += big * toMilli(item.quantity ?? '');
    grams += big * toMilli(item.net_weight ?? '');
  }
  return {
    items: counts.items + sign * items.length,
    units: unitsText(units),
    tonnes: (Number(grams) / 1_000_000).toFixed(2),
    lifts: counts.lifts + sign,
    liftIds: counts.liftIds,
  };
}

export async function handCounts(db: LocalDb, handId: string): Promise<HandCounts> {
  let units = 0n;
  let grams = 0n;
  const lifts = new Set<string>();
  let items = 0;
  // One getAll, not a cursor: a cursor's step per row (and the live query's note of each key it reads)
  // cost 2-4 times as much over the 2,000 items a long shift validates, on every lift.
  const rows = await db
    .rows('packing-list')
    .where('[validation_hand+validation_datetime]')
    .between([handId, Dexie.minKey], [handId, Dexie.maxKey])
    .toArray();
  for (const row of rows) {
    items += 1;
    units += toMilli(row.quantity ?? '');
    grams += toMilli(row.net_weight ?? '');
    lifts.add(row.lift_id || row.id);
  }
  const tonnes = Number(grams) / 1_000_000;
  return {
    items,
    units: unitsText(units),
    tonnes: tonnes.toFixed(2),
    lifts: lifts.size,
    liftIds: lifts,
  };
}
