-- Foundation: users, sign-in tokens, sign-in throttling, instance metadata, the global change sequence.

-- One global sequence orders every change of every synced row (the sync protocol's cursor).
CREATE SEQUENCE IF NOT EXISTS sync_seq;

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  username text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'staff' CHECK (role IN ('admin', 'staff')),
  is_active boolean NOT NULL DEFAULT true,
  password_hash text NOT NULL
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE deleted_at IS NULL;
CREATE INDEX users_seq_idx ON users (seq);

-- Tokens are stored as the SHA-256 of the random token: a copy of this table signs no one in.
-- A token belongs to a user, or (customer API tokens, read-only) to an account.
CREATE TABLE auth_token (
  token_hash text PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  account_id uuid,
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR account_id IS NOT NULL)
);
CREATE INDEX auth_token_user_idx ON auth_token (user_id);

-- Failed sign-ins per user name and per address, for the rate limit (kept in the database so that
-- several server processes share it).
CREATE TABLE login_failure (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failure_key_at_idx ON login_failure (key, at);
