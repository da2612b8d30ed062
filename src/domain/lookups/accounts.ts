import { field, objectOf } from '../model';
import { parseEmail } from '../reference/codes';
import { defineResource } from '../resource';

const accountsFields = {
  trade_name: field.text(255),
  legal_name: field.text(255).optional(),
  tax_id: field.text(50).optional(),
  /** Where the customer's reports are mailed. */
  email: field.checked(254, parseEmail, { format: 'email', examples: ['operations@example.com'] }).optional(),
  phone: field.text(50).optional(),
  country: field.ref('country').optional(),
  /** Hidden from new choices, kept on the records that use it (an entry in use is retired, not deleted). */
  retired: field.bool().withDefault(false),
};

const accountsSchema = objectOf(accountsFields);

export const accounts = defineResource({
  name: 'accounts',
  kind: 'lookup',
  scope: 'global',
  fields: accountsFields,
  schema: accountsSchema,
  display: ['trade_name'],
  filters: [
    { name: 'trade_name', kind: 'icontains', fields: ['trade_name', 'legal_name'] },
    { name: 'search', kind: 'icontains', fields: ['trade_name', 'legal_name', 'tax_id'] },
    { name: 'retired', kind: 'boolean', field: 'retired' },
  ],
  ordering: ['trade_name', 'id'],
  writableBy: 'admin',
  merge: { sameFields: [] },
  creatableBy: 'staff',
  dexieIndexes: ['seq', 'trade_name'],
});
