// A label read by the camera against the packing list, offline, as a typed reference is checked: each
// reference the label may hold (the project's rule, src/features/scan/extract.ts) is tried whole, best
// first; the first item free to join the lift joins it. When none is, the refusal said is the one about
// an item the label names (already in the lift, already validated) before "not on the packing list".
import { compileScanPattern, DEFAULT_WEIGHT_TOLERANCE } from '../../domain/scan-rule';
import type { LocalDb } from '../../store/db';
import type { LocalRow, RowOfResource } from '../../store/schema';
import type { ReferenceIndex } from '../tally/references';
import { checkReference, type Refusal } from '../tally/tally';
import { type LabelReading, readLabel, type WeightMismatch, weightMismatch } from './extract';

export interface ScanRule {
  pattern: RegExp;
  /** Percent. */
  tolerance: number;
}

/** The project's rule (its pattern, its weight tolerance), the defaults where it has none. */
export function scanRuleOf(project: LocalRow | null | undefined): ScanRule {
  const pattern = typeof project?.scan_pattern === 'string' ? project.scan_pattern : null;
  const tolerance = Number(project?.scan_weight_tolerance);
  let compiled: RegExp;
  try {
    compiled = compileScanPattern(pattern);
  } catch {
    // A pattern stored by an older server that no longer compiles here: the default still reads.
    compiled = compileScanPattern(null);
  }
  return {
    pattern: compiled,
    tolerance:
      project?.scan_weight_tolerance != null && Number.isFinite(tolerance) && tolerance >= 0
        ? tolerance
        : DEFAULT_WEIGHT_TOLERANCE,
  };
}

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
