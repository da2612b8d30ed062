-- Live notices: after each statement that inserts or changes synced rows, one NOTIFY per scope it
-- touched on channel 'kt_changes', payload '<scope> <highest seq>' (scope 'global' or
-- 'project:<id>'). PostgreSQL delivers it at commit, to every server process listening (LISTEN), so a
-- device connected to any of them hears that its scope changed and pulls. In a trigger, like the seq,
-- so no writer (engine, push, import, SQL by hand) can forget it. A rolled-back write sends nothing.
CREATE OR REPLACE FUNCTION sync_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_ARGV[0] = 'project' THEN
    FOR r IN SELECT project, max(seq) AS seq FROM sync_changed GROUP BY project LOOP
      PERFORM pg_notify('kt_changes', coalesce('project:' || r.project::text, 'global') || ' ' || r.seq);
    END LOOP;
  ELSE
    FOR r IN SELECT max(seq) AS seq FROM sync_changed HAVING count(*) > 0 LOOP
      PERFORM pg_notify('kt_changes', 'global ' || r.seq);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

-- Attaches sync_stamp and the two notice triggers (insert, update: a transition table serves one
-- event) to every table with a seq column that lacks them; run after each migration.
CREATE OR REPLACE FUNCTION sync_ensure_triggers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
  scope text;
  op text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.column_name = 'seq' AND tb.table_type = 'BASE TABLE'
  LOOP
    IF NOT EXISTS (SELECT 1 FROM information_schema.triggers tr
        WHERE tr.event_object_table = t AND tr.trigger_name = t || '_sync_stamp') THEN
      EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION sync_stamp()', t || '_sync_stamp', t);
    END IF;
    scope := CASE WHEN EXISTS (SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = t AND column_name = 'project') THEN 'project' ELSE 'global' END;
    FOREACH op IN ARRAY ARRAY['insert', 'update'] LOOP
      IF NOT EXISTS (SELECT 1 FROM information_schema.triggers tr
          WHERE tr.event_object_table = t AND tr.trigger_name = t || '_notify_' || op) THEN
        EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING NEW TABLE AS sync_changed FOR EACH STATEMENT EXECUTE FUNCTION sync_notify(%L)',
          t || '_notify_' || op, op, t, scope);
      END IF;
    END LOOP;
  END LOOP;
END;
$$;
