-- The resource engine: an audit log of every change, and stored answers for Idempotency-Key.

-- Who changed which fields of which record, from what to what ({field: [before, after]}).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resource text NOT NULL,
  record_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  version integer NOT NULL,
  changes jsonb NOT NULL,
  user_id uuid,
  client_id text,
  mutation_id uuid,
  occurred_at timestamptz,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_record_idx ON audit_log (resource, record_id, id);

-- The first answer to a write sent with an Idempotency-Key, kept 30 days: a retry gets it again.
CREATE TABLE idempotency_key (
  owner text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);
CREATE INDEX idempotency_key_created_idx ON idempotency_key (created_at);
