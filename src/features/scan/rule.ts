// The project's scan rule as the camera applies it: its label pattern compiled, its weight tolerance.
import { compileScanPattern, DEFAULT_WEIGHT_TOLERANCE } from '../../domain/scan-rule';
import type { RowOfResource } from '../../store/schema';

export interface ScanRule {
  pattern: RegExp;
  /** Percent. */
  tolerance: number;
}

/** The project's rule (its pattern, its weight tolerance), the defaults where it has none. */
export function scanRuleOf(
  project: Pick<RowOfResource<'project'>, 'scan_pattern' | 'scan_weight_tolerance'> | null | undefined,
): ScanRule {
  const pattern = project?.scan_pattern ?? null;
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
