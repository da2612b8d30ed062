import { field, objectOf } from '../model';
import { parseTimeZone, parseUnLocode } from '../reference/codes';
import { defineResource } from '../resource';

const portFields = {
  name: field.text(150),
  /** The name in Spanish (shown on Spanish screens and reports; the English one when empty). */
  name_es: field.text(150).optional(),
  /** UN/LOCODE, e.g. ESVLC: upper case, without spaces. */
  code: field
    .checked(10, parseUnLocode, { pattern: '^[A-Za-z]{2} ?[A-Za-z2-9]{3}$', examples: ['ESVLC'] })
    .optional(),
  country: field.ref('country').optional(),
  /** IANA time zone, e.g. Europe/Madrid: the port's local time. */
  time_zone: field.checked(64, parseTimeZone, { examples: ['Europe/Madrid'] }).optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const portSchema = objectOf(portFields);

export const port = defineResource({
  name: 'port',
  kind: 'lookup',
  scope: 'global',
  fields: portFields,
  schema: portSchema,
  translated: { en: 'name', es: 'name_es' },
  display: ['name', 'name_es'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['name', 'name_es', 'code'] },
    { name: 'country', kind: 'ref', field: 'country' },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['name', 'id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  creatableBy: 'staff',
  unique: [['code']],
  dexieIndexes: ['seq', 'name'],
});
