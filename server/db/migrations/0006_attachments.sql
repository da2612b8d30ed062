-- Attachments: photos and documents of projects, container reports, incidences, packing items,
-- coil and SOF reports. The bytes live on disk under DATA_DIR/files, at a path derived from the id.
-- parent_resource + parent_id name the parent (polymorphic, so no foreign key); project is the
-- parent's project (null for container reports), for sync scope and customer access.
CREATE TABLE attachment (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  description text,
  is_image boolean NOT NULL DEFAULT false,
  zone text,
  name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  sha256 text NOT NULL,
  parent_resource text NOT NULL,
  parent_id uuid NOT NULL,
  project uuid REFERENCES project (id),
  CHECK (zone IN ('onboard', 'fas', 'warehouse', 'truck', 'others', 'uncategorized')),
  CHECK (parent_resource IN ('project', 'container-report', 'incidence', 'packing-list', 'coil-report', 'sof-report')),
  CHECK (size >= 0),
  CHECK (sha256 ~ '^[0-9a-f]{64}$')
);
CREATE INDEX attachment_seq_idx ON attachment (seq);
CREATE INDEX attachment_project_seq_idx ON attachment (project, seq);
CREATE INDEX attachment_parent_idx ON attachment (parent_resource, parent_id, id DESC) WHERE deleted_at IS NULL;
