-- Prompter reports carry attachments too (the report tab's documents, like coil and SOF reports), and
-- their attachments follow them into the tombstone like the others'.
ALTER TABLE attachment DROP CONSTRAINT attachment_parent_resource_check;
ALTER TABLE attachment ADD CONSTRAINT attachment_parent_resource_check CHECK (
  parent_resource IN ('project', 'container-report', 'incidence', 'packing-list', 'coil-report', 'sof-report', 'prompter-report')
);
CREATE TRIGGER prompter_report_attachments AFTER UPDATE OF deleted_at ON prompter_report
  FOR EACH ROW EXECUTE FUNCTION attachment_follow_parent('prompter-report');
