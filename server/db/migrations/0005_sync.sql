-- Sync: the change sequence stamped by a trigger, devices, and the answers to pushed mutations.

-- Every insert or real change of a synced row takes the next seq under one transaction-scoped
-- lock, held until commit: seq order is then commit order, and a pull that read up to seq N has
-- seen every row at or below N. In a trigger, so that no writer (engine, import, seed) can forget.
CREATE OR REPLACE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(727275);
  NEW.seq := nextval('sync_seq');
  RETURN NEW;
END;
$$;

-- Attaches sync_stamp to every table with a seq column that lacks it; run after each migration.
CREATE OR REPLACE FUNCTION sync_ensure_triggers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.column_name = 'seq' AND tb.table_type = 'BASE TABLE'
      AND NOT EXISTS (
        SELECT 1 FROM information_schema.triggers tr
        WHERE tr.event_object_table = c.table_name AND tr.trigger_name = c.table_name || '_sync_stamp'
      )
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION sync_stamp()', t || '_sync_stamp', t);
  END LOOP;
END;
$$;

-- The latest state each device reported, so the office sees which tablet holds unsent work.
CREATE TABLE sync_device (
  client_id uuid PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  device_name text NOT NULL DEFAULT '',
  app_version text,
  pending integer NOT NULL DEFAULT 0,
  needs_attention integer NOT NULL DEFAULT 0,
  files_pending integer NOT NULL DEFAULT 0,
  oldest_pending_at timestamptz,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  last_push_at timestamptz,
  last_pull_at timestamptz,
  last_mutation_seq bigint
);

-- The answer to every applied mutation, so a retry is answered `duplicate` and never applied twice.
CREATE TABLE sync_mutation (
  mutation_id uuid PRIMARY KEY,
  client_id uuid NOT NULL,
  seq bigint NOT NULL,
  resource text NOT NULL,
  record_id uuid NOT NULL,
  answer jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sync_mutation_client_idx ON sync_mutation (client_id, seq);

-- A write that lost to a later one on the same field is kept in the audit log with a note.
ALTER TABLE audit_log ADD COLUMN note text;
