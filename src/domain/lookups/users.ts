import { roles } from '../enums';
import { field, objectOf } from '../model';
import { defineResource } from '../resource';

const usersFields = {
  username: field.text(150),
  first_name: field.text(150).withDefault(''),
  last_name: field.text(150).withDefault(''),
  email: field.text(254).withDefault(''),
  role: field.choice(roles).withDefault('staff'),
  /** A deactivated user signs in no more; their name stays on what they recorded. */
  is_active: field.bool().withDefault(true),
};

const usersSchema = objectOf(usersFields);

export const users = defineResource({
  name: 'users',
  kind: 'lookup',
  scope: 'global',
  fields: usersFields,
  schema: usersSchema,
  display: ['username', 'first_name', 'last_name'],
  filters: [
    { name: 'search', kind: 'icontains', fields: ['username', 'first_name', 'last_name'] },
    { name: 'role', kind: 'exact', field: 'role' },
    { name: 'is_active', kind: 'boolean', field: 'is_active' },
  ],
  ordering: ['username', 'id'],
  writableBy: null,
  externalTable: true,
  dexieIndexes: ['seq', 'username'],
});
