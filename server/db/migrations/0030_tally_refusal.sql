-- Tally validations the server refused because the item was already validated (two tablets
-- validating it offline): the coil report lists them among its exceptions. Written by the sync push
-- beside its answer; server-side only, never synced. One row per refused mutation.
CREATE TABLE tally_refusal (
  mutation_id uuid PRIMARY KEY,
  packing_item uuid NOT NULL REFERENCES packing_list (id),
  project uuid NOT NULL REFERENCES project (id),
  user_id uuid REFERENCES users (id),
  client_id text,
  occurred_at timestamptz,
  at timestamptz NOT NULL DEFAULT now(),
  validation_hand uuid,
  validation_hold integer,
  detail text NOT NULL
);
CREATE INDEX tally_refusal_project_idx ON tally_refusal (project, at);
