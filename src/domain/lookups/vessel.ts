import { vesselTypes } from '../enums';
import { field, objectOf } from '../model';
import { parseCallSign, parseImo } from '../reference/codes';
import { defineResource } from '../resource';

const vesselFields = {
  name: field.text(150),
  /** IMO number: 7 digits, the last a check digit ('IMO 9074729' is stored as '9074729'). */
  imo: field.checked(20, parseImo, { pattern: '^(IMO ?)?\\d{7}$', examples: ['9074729'] }).optional(),
  /** Radio call sign, upper case. */
  call_sign: field.checked(20, parseCallSign, { examples: ['9HA2477'] }).optional(),
  /** Flag state. */
  flag: field.ref('country').optional(),
  vessel_type: field.choice(vesselTypes).optional(),
  /** Deadweight tonnage, in metric tonnes. */
  dwt: field.int().optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const vesselSchema = objectOf(vesselFields);

export const vessel = defineResource({
  name: 'vessel',
  kind: 'lookup',
  scope: 'global',
  fields: vesselFields,
  schema: vesselSchema,
  display: ['name'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'imo', 'call_sign'] },
    { name: 'flag', kind: 'ref', field: 'flag' },
    { name: 'vessel_type', kind: 'exact', field: 'vessel_type' },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  creatableBy: 'staff',
  unique: [['imo']],
  dexieIndexes: ['seq', 'name'],
});
