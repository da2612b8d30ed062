-- The high-water mark of each sync scope ('global' or 'project:<id>'): the highest seq written in it.
-- A pull whose cursor is at or above its scope's mark has nothing new, which one indexed read says
-- (server/sync/quiet-pull.ts) instead of a scan of every table of the scope. Kept by sync_notify, the
-- trigger that sends the live notices, after each statement that writes synced rows, under the seq
-- lock (0005_sync.sql) held to commit: every writer of a mark holds that lock first, so a mark row is
-- never what two writers wait for in turn, and a mark read after a commit covers everything before it.
-- Not named seq: a seq column would get the sync_stamp trigger, which renumbers it on every write.
CREATE TABLE sync_scope_mark (
  scope text PRIMARY KEY,
  mark bigint NOT NULL
);

CREATE OR REPLACE FUNCTION sync_mark(mark_scope text, mark_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kt_changes', mark_scope || ' ' || mark_seq);
  -- A statement that changed nothing (its rows keep their seqs, already marked) takes no lock.
  IF mark_seq > coalesce((SELECT mark FROM sync_scope_mark WHERE scope = mark_scope), 0) THEN
    PERFORM pg_advisory_xact_lock(727275);
    INSERT INTO sync_scope_mark (scope, mark) VALUES (mark_scope, mark_seq)
      ON CONFLICT (scope) DO UPDATE SET mark = greatest(sync_scope_mark.mark, excluded.mark);
  END IF;
END;
$$;

CREATE OR REPLACE FUNCTION sync_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_ARGV[0] = 'project' THEN
    FOR r IN SELECT project, max(seq) AS seq FROM sync_changed GROUP BY project LOOP
      PERFORM sync_mark(coalesce('project:' || r.project::text, 'global'), r.seq);
    END LOOP;
  ELSE
    FOR r IN SELECT max(seq) AS seq FROM sync_changed HAVING count(*) > 0 LOOP
      PERFORM sync_mark('global', r.seq);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

-- The scope of a table's rows, as devices pull them (server/sync/pull.ts): by its project column, but
-- a container report is global whatever its project. The audit log (its seq is for the webhooks) and the
-- pushes' answers (their seq is the device's) are not pulled: they send no notice and move no mark.
CREATE OR REPLACE FUNCTION sync_table_scope(t text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN t IN ('audit_log', 'sync_mutation') THEN NULL
    WHEN t <> 'container_report' AND EXISTS (SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = t AND column_name = 'project') THEN 'project'
    ELSE 'global' END;
$$;

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
    scope := sync_table_scope(t);
    CONTINUE WHEN scope IS NULL;
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

-- The notice triggers made before: the audit log's and the answers' go, the container report's are made
-- again (global).
DROP TRIGGER IF EXISTS audit_log_notify_insert ON audit_log;
DROP TRIGGER IF EXISTS audit_log_notify_update ON audit_log;
DROP TRIGGER IF EXISTS sync_mutation_notify_insert ON sync_mutation;
DROP TRIGGER IF EXISTS sync_mutation_notify_update ON sync_mutation;
DROP TRIGGER IF EXISTS container_report_notify_insert ON container_report;
DROP TRIGGER IF EXISTS container_report_notify_update ON container_report;

-- The marks of the rows already there.
DO $$
DECLARE
  t text;
  scope text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.column_name = 'seq' AND tb.table_type = 'BASE TABLE'
  LOOP
    scope := sync_table_scope(t);
    IF scope = 'project' THEN
      EXECUTE format('INSERT INTO sync_scope_mark (scope, mark)
          SELECT coalesce(''project:'' || project::text, ''global''), max(seq) FROM %I WHERE seq IS NOT NULL GROUP BY project
          ON CONFLICT (scope) DO UPDATE SET mark = greatest(sync_scope_mark.mark, excluded.mark)', t);
    ELSIF scope = 'global' THEN
      EXECUTE format('INSERT INTO sync_scope_mark (scope, mark) SELECT ''global'', max(seq) FROM %I HAVING max(seq) IS NOT NULL
          ON CONFLICT (scope) DO UPDATE SET mark = greatest(sync_scope_mark.mark, excluded.mark)', t);
    END IF;
  END LOOP;
END;
$$;
