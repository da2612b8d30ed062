import { type commodities, locations, packingDamageKinds, packingLabelColors } from './enums';
import { messages } from './messages';
import { field, objectOf, type RowOf } from './model';
import { defineResource } from './resource';
import { notLessThan } from './rules';

const packingListFields = {
  project: field.ref('project'),
  reference: field.text(100),
  commodity: field.ref('commodity'),
  /** Aluminium only; each color once. */
  label_color: field.choiceList(packingLabelColors).withDefault([]),
  /** Units in the item (total). */
  quantity: field.decimal().withDefault('1.000'),
  /** Units validated so far. */
  processed_quantity: field.decimal().withDefault('0.000'),
  /** kg */
  net_weight: field.decimal().optional(),
  /** kg */
  gross_weight: field.decimal().optional(),
  location: field.choice(locations).withDefault('uncategorized'),
  /** Coil only. */
  damage: field.choiceList(packingDamageKinds).withDefault([]),
  /** Coil and granite only. */
  other_damage: field.text(1000).optional(),
  requires_attention: field.bool().withDefault(false),
  validated: field.bool().withDefault(false),
  validation_datetime: field.dateTime().optional(),
  validation_hand: field.ref('hand').optional(),
  validation_hold: field.int().optional(),
  /** The user (prompter) who validated the item. */
  validation_prompter_identifier: field.ref('users').optional(),
  zone: field.text(50).optional(),
  packing: field.text(100).optional(),
  /** Items validated in one tally action form one lift (the lifting rate counts lifts). */
  lift_id: field.uuid().optional(),
};

export const packingListSchema = objectOf(packingListFields).superRefine(
  notLessThan('packing-list', 'gross_weight', 'net_weight'),
);

export type PackingList = RowOf<typeof packingListFields>;

const onlyFor = (codes: readonly (typeof commodities)[number][]) => codes;

export const packingList = defineResource({
  name: 'packing-list',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'project',
  fields: packingListFields,
  schema: packingListSchema,
  display: ['reference'],
  filters: [
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'reference', kind: 'icontains', fields: ['reference'] },
    { name: 'commodity', kind: 'ref', field: 'commodity' },
    { name: 'validated', kind: 'boolean', field: 'validated' },
    { name: 'validation_hand', kind: 'ref', field: 'validation_hand' },
    { name: 'validation_prompter_identifier', kind: 'ref', field: 'validation_prompter_identifier' },
    { name: 'location', kind: 'exact', field: 'location' },
    { name: 'validation_hold', kind: 'exact', field: 'validation_hold' },
    { name: 'validation_datetime', kind: 'range', field: 'validation_datetime' },
    { name: 'requires_attention', kind: 'boolean', field: 'requires_attention' },
    { name: 'lift_id', kind: 'exact', field: 'lift_id' },
  ],
  ordering: ['reference', 'id'],
  writableBy: 'staff',
  unique: [['project', 'reference']],
  rules: [
    {
      kind: 'refAttribute',
      field: 'commodity',
      path: ['code'],
      oneOf: onlyFor(['aluminium']),
      when: 'label_color',
      message: messages.labelAluminium,
    },
    {
      kind: 'refAttribute',
      field: 'commodity',
      path: ['code'],
      oneOf: onlyFor(['coil']),
      when: 'damage',
      message: messages.damageCoils,
    },
    {
      kind: 'refAttribute',
      field: 'commodity',
      path: ['code'],
      oneOf: onlyFor(['coil', 'granite']),
      when: 'other_damage',
      message: messages.damageGranite,
    },
    { kind: 'sameProject', fields: ['validation_hand'], message: messages.handProject },
  ],
  // Booleans are not valid IndexedDB keys: filter `validated` within an indexed range.
  dexieIndexes: [
    'seq',
    'project',
    '[project+reference]',
    '[project+commodity+location+reference]',
    '[validation_hand+validation_datetime]',
    'lift_id',
  ],
});
