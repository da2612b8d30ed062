// The spec's rules of the packing detail modal, by the item's commodity code.
import type { CommodityCode } from '../../domain/enums';

/** Damage options (other damage) for coil and granite only. */
export const hasDamageOptions = (code: CommodityCode | null) => code === 'coil' || code === 'granite';
/** The damage checkboxes for coil only. */
export const hasDamageCheckboxes = (code: CommodityCode | null) => code === 'coil';
/** Label colors for aluminium only. */
export const hasLabelColors = (code: CommodityCode | null) => code === 'aluminium';

/** What is saved: fields the commodity does not take are emptied, read-only ones left out. */
export function packingPayload(
  values: Record<string, unknown>,
  code: CommodityCode | null,
  projectId: string,
): Record<string, unknown> {
  const { validated: _validated, validation_datetime: _at, ...rest } = values;
  return {
    ...rest,
    project: projectId,
    label_color: hasLabelColors(code) ? (rest.label_color ?? []) : [],
    damage: hasDamageCheckboxes(code) ? (rest.damage ?? []) : [],
    other_damage: hasDamageOptions(code) ? (rest.other_damage ?? null) : null,
  };
}
