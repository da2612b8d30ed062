// The container report form's accordion sections and their fields, in the spec's order.
import type { FieldName } from '../../domain/rows';

export const CONTAINER_SECTIONS = [
  {
    key: 'general',
    fields: [
      'container_number',
      'project',
      'size_type',
      'seal_number',
      'status',
      'vessel',
      'voyage',
      'port',
      'place',
      'manager',
      'date',
    ],
  },
  {
    key: 'external',
    fields: [
      'external_floor_break',
      'external_transversal_break',
      'external_door_handle_bent',
      'external_door_status',
      'external_left_side_status',
      'external_right_side_status',
      'external_bottom_status',
      'external_roof_status',
      'external_others',
    ],
  },
  {
    key: 'internal',
    fields: [
      'internal_floor_wood_broken',
      'internal_floor_cleaned',
      'internal_door_handle_bent',
      'internal_left_side_status',
      'internal_right_side_status',
      'internal_bottom_status',
      'internal_roof_status',
      'internal_floor_others',
    ],
  },
  { key: 'stowage', fields: ['wooden_dowels_left', 'load_shift', 'stowage_others'] },
  // The inspector's signature, drawn on the pad (ContainerSignature), not a field widget.
  { key: 'signature', fields: ['signature'] },
] as const satisfies readonly { key: string; fields: readonly FieldName<'container-report'>[] }[];

export const CONTAINER_FIELDS: readonly FieldName<'container-report'>[] = CONTAINER_SECTIONS.flatMap(
  (section) => section.fields,
);
