-- Signatures of a statement of facts, made on the tablet (src/domain/sof-signature.ts): the signer,
-- the content signed with its SHA-256, and the pad's image inline (a PNG data URL). Synced with the
-- SOF report's project; never updated once made (the engine refuses it).
CREATE TABLE sof_signature (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  sof_report uuid NOT NULL REFERENCES sof_report (id),
  role text NOT NULL CHECK (role IN ('master', 'agent', 'stevedore')),
  name text NOT NULL,
  under_protest boolean NOT NULL DEFAULT false,
  remark text,
  signed_at timestamptz NOT NULL,
  content_hash text NOT NULL,
  content jsonb NOT NULL,
  image text NOT NULL,
  project uuid REFERENCES project (id)
);
CREATE INDEX sof_signature_seq_idx ON sof_signature (seq);
CREATE INDEX sof_signature_project_seq_idx ON sof_signature (project, seq);
CREATE INDEX sof_signature_list_idx ON sof_signature (sof_report, signed_at, id) WHERE deleted_at IS NULL;
