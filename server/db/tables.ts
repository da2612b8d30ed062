import type { ColumnType, Generated } from 'kysely';

// Column types of the foundation tables, for Kysely. Domain tables are described by src/domain's
// registry and reached through the generic resource engine.
type Timestamp = ColumnType<string, string | undefined, string>;

interface UsersTable {
  id: string;
  version: Generated<number>;
  seq: Generated<number>;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
  deleted_at: string | null;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: Generated<string>;
  role: Generated<'admin' | 'staff'>;
  is_active: Generated<boolean>;
  password_hash: string;
}

interface AuthTokenTable {
  token_hash: string;
  user_id: string | null;
  account_id: string | null;
  name: Generated<string>;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

interface LoginFailureTable {
  key: string;
  at: Timestamp;
}

interface AppMetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface Tables {
  users: UsersTable;
  auth_token: AuthTokenTable;
  login_failure: LoginFailureTable;
  app_meta: AppMetaTable;
  schema_migrations: SchemaMigrationsTable;
}
