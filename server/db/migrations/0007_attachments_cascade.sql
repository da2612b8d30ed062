-- An attachment follows its parent into the tombstone, whoever deletes the parent (REST, sync push,
-- a cascade): the row gets deleted_at, a new version, a seq (sync trigger) and an audit entry, so
-- no device keeps a photo of a deleted incidence. Attachments of a project itself are tombstoned by
-- the engine's project cascade (attachment.project). Files of tombstoned attachments are removed
-- by the server (at once for a DELETE of the attachment, at the next start otherwise).
CREATE OR REPLACE FUNCTION attachment_follow_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    WITH gone AS (
      UPDATE attachment
      SET deleted_at = NEW.deleted_at, version = version + 1, updated_at = now(), updated_by = NEW.updated_by
      WHERE parent_resource = TG_ARGV[0] AND parent_id = NEW.id AND deleted_at IS NULL
      RETURNING id, version
    )
    INSERT INTO audit_log (resource, record_id, action, version, changes, user_id, note)
    SELECT 'attachment', id, 'delete', version, '{}'::jsonb, NEW.updated_by, 'deleted with its ' || TG_ARGV[0]
    FROM gone;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER container_report_attachments AFTER UPDATE OF deleted_at ON container_report
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('container-report');
CREATE TRIGGER incidence_attachments AFTER UPDATE OF deleted_at ON incidence
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('incidence');
CREATE TRIGGER packing_list_attachments AFTER UPDATE OF deleted_at ON packing_list
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('packing-list');
CREATE TRIGGER coil_report_attachments AFTER UPDATE OF deleted_at ON coil_report
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('coil-report');
CREATE TRIGGER sof_report_attachments AFTER UPDATE OF deleted_at ON sof_report
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('sof-report');
