// A label read by the camera against the packing list, offline, as a typed reference is checked: each
// reference the label may hold (the project's rule, src/features/scan/rule.ts and extract.ts) is tried whole, best
// first; the first item free to join the lift joins it. When none is, the refusal said is the one about
// an item the label names (already in the lift, already validated) before "not on the packing list".
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';
import { type LabelReading, readLabel, type ScanRule, type WeightMismatch, weightMismatch } from '../scan';
import type { ReferenceIndex } from './references';
import { checkReference, type Refusal } from './tally';

export type ScanOutcome =
  | { ok: true; reading: LabelReading; item: RowOfResource<'packing-list'>; mismatch: WeightMismatch | null }
  | { ok: false; reading: LabelReading; refusal: Refusal };

const RANK: Record<Refusal['kind'], number> = { duplicate: 0, validated: 0, ambiguous: 1, unknown: 2 };

export async function matchLabel(
  db: LocalDb,
  projectId: string,
  index: { current: ReferenceIndex | null },
  raw: string,
  basket: readonly RowOfResource<'packing-list'>[],
  rule: ScanRule,
): Promise<ScanOutcome> {
  const reading = readLabel(raw, rule.pattern);
  let refusal: Refusal = { kind: 'unknown', typed: reading.candidates[0] ?? reading.text };
  for (const candidate of reading.candidates) {
    const check = await checkReference(db, projectId, index, candidate, basket, true);
    if (check.ok) {
      const { net_weight, gross_weight } = check.item;
      const mismatch = weightMismatch(reading.weightKg, { net_weight, gross_weight }, rule.tolerance);
      return { ok: true, reading, item: check.item, mismatch };
    }
    if (RANK[check.refusal.kind] < RANK[refusal.kind]) refusal = check.refusal;
  }
  return { ok: false, reading, refusal };
}
