-- A container report may name the project (the call) it was inspected for: that project's customer then
-- reads it (REST, its PDF) and its "container report completed" webhook reaches that customer. Optional:
-- reports of the previous release, and inspections for no call, have none.
ALTER TABLE container_report
  ADD COLUMN project uuid REFERENCES project (id) ON DELETE SET NULL;
CREATE INDEX container_report_project_idx ON container_report (project) WHERE project IS NOT NULL;
