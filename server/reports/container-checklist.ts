// The container report's checklist (what is checked, what counts as damage) and the words for the
// ISO 6346 check of its number, read by the PDF.
import type { containerReportFields } from '../../src/domain/container-report.js';
import { checkContainerNumber } from '../../src/domain/iso6346.js';
import type { ContainerReportRow } from './container-report.repository.js';
import type { Translate } from './i18n.js';
import { printable } from './pdf-table.js';

/** The checklist's fields: the report's yes/no, condition and note fields. */
type Field =
  | {
      [K in keyof typeof containerReportFields]: K extends `${'external' | 'internal'}_${string}` ? K : never;
    }[keyof typeof containerReportFields]
  | 'wooden_dowels_left'
  | 'load_shift'
  | 'stowage_others';
/** flag: ticked is damage; good: ticked is good (floor cleaned); side: a side's condition; text: notes. */
type Check = { field: Field; kind: 'flag' | 'good' | 'side' | 'text' };

export const checklist: readonly {
  section: 'external' | 'internal' | 'stowage';
  checks: readonly Check[];
}[] = [
  {
    section: 'external',
    checks: [
      { field: 'external_floor_break', kind: 'flag' },
      { field: 'external_transversal_break', kind: 'flag' },
      { field: 'external_door_handle_bent', kind: 'flag' },
      { field: 'external_door_status', kind: 'side' },
      { field: 'external_left_side_status', kind: 'side' },
      { field: 'external_right_side_status', kind: 'side' },
      { field: 'external_bottom_status', kind: 'side' },
      { field: 'external_roof_status', kind: 'side' },
      { field: 'external_others', kind: 'text' },
    ],
  },
  {
    section: 'internal',
    checks: [
      { field: 'internal_floor_wood_broken', kind: 'flag' },
      { field: 'internal_floor_cleaned', kind: 'good' },
      { field: 'internal_door_handle_bent', kind: 'flag' },
      { field: 'internal_left_side_status', kind: 'side' },
      { field: 'internal_right_side_status', kind: 'side' },
      { field: 'internal_bottom_status', kind: 'side' },
      { field: 'internal_roof_status', kind: 'side' },
      { field: 'internal_floor_others', kind: 'text' },
    ],
  },
  {
    section: 'stowage',
    checks: [
      { field: 'wooden_dowels_left', kind: 'flag' },
      { field: 'load_shift', kind: 'flag' },
      { field: 'stowage_others', kind: 'text' },
    ],
  },
];

/** Whether a check shows damage. */
export function isDamage(report: ContainerReportRow, check: Check): boolean {
  const value = report[check.field];
  if (check.kind === 'flag') return value === true;
  if (check.kind === 'side') return value === 'broken' || value === 'small_damage';
  return false;
}

export function valueText(report: ContainerReportRow, check: Check, t: Translate): string {
  const value = report[check.field];
  if (check.kind === 'flag' || check.kind === 'good') return t(value ? 'container.yes' : 'container.no');
  if (check.kind === 'side')
    return typeof value === 'string' && ['no_damage', 'broken', 'small_damage'].includes(value)
      ? t(`container.${value as 'no_damage' | 'broken' | 'small_damage'}`)
      : t('container.not_inspected');
  return typeof value === 'string' ? printable(value) : '';
}

/** The ISO 6346 check of the number, said: correct (with its check digit), or what is wrong with it. */
export function numberCheck(containerNumber: string, t: Translate): { ok: boolean; text: string } {
  const check = checkContainerNumber(containerNumber);
  const number = check.normalized || containerNumber;
  if (check.valid) return { ok: true, text: t('container.check_ok', { digit: String(check.check_digit) }) };
  if (check.problem === 'check_digit')
    return {
      ok: false,
      text: t('container.check_bad_digit', {
        number,
        expected: String(check.expected_check_digit),
        digit: String(check.check_digit),
      }),
    };
  return {
    ok: false,
    text: t(check.problem === 'category' ? 'container.check_bad_category' : 'container.check_bad_format', {
      number,
    }),
  };
}
