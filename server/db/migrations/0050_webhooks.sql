-- Webhooks: endpoints of customer accounts, and the deliveries of their events.

-- The audit log gets the change sequence, stamped by sync_stamp (attached after each migration to
-- every table with a seq column) under the lock held to commit: seq order is commit order, so the
-- dispatcher that follows it never skips a write committed late. Earlier entries stay unnumbered.
ALTER TABLE audit_log ADD COLUMN seq bigint;
CREATE INDEX audit_log_seq_idx ON audit_log (seq) WHERE seq IS NOT NULL;

-- How far the audit log has been turned into deliveries; starts at the present (no history is sent).
-- Not named seq: a seq column would get the sync_stamp trigger, which renumbers it on every update.
CREATE TABLE webhook_cursor (
  id integer PRIMARY KEY CHECK (id = 1),
  audit_seq bigint NOT NULL
);
INSERT INTO webhook_cursor (id, audit_seq) SELECT 1, CASE WHEN is_called THEN last_value ELSE 0 END FROM sync_seq;

CREATE TABLE webhook_endpoint (
  id uuid PRIMARY KEY,
  account uuid NOT NULL REFERENCES accounts (id),
  url text NOT NULL,
  events text[] NOT NULL,
  -- The signing key, 'whsec_' + base64 of 32 random bytes (Standard Webhooks).
  secret text NOT NULL,
  description text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoint_account_idx ON webhook_endpoint (account);

-- One message to one endpoint: its id is the webhook-id header, the same on every attempt.
CREATE TABLE webhook_delivery (
  id uuid PRIMARY KEY,
  endpoint uuid NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  resource text NOT NULL,
  record_id uuid NOT NULL,
  -- The exact body sent (signed as text, so it is stored as text).
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Retries go on until retry_until (24 h after the event, or after a replay).
  retry_until timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A process sending it holds it until then (another process skips it; after, it is free again).
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint, created_at DESC);
