-- Domain tables: one per resource of src/domain/registry.ts (users is 0001's). Columns are the
-- spec's field names; server/db/schema.test.ts fails when a table and its domain schema disagree.
-- Every synced row carries id (UUIDv7), version, seq (the global change sequence), created/updated
-- at/by and deleted_at (deletes are tombstones: no ON DELETE CASCADE anywhere). Foreign keys point
-- to parents and lookups, which a device always pushes before the rows that refer to them.
-- Decimals are numeric(14,3), dates date, date-times timestamptz, ref lists uuid[], choice lists
-- text[], computed summaries jsonb. Unique sets hold among live rows only.
-- List indexes are partial (WHERE deleted_at IS NULL): list queries must say so to use them.
-- No trigram index: pg_trgm is an extension PGlite loads only on request; `icontains` searches run
-- inside an indexed filter (project) or over small tables (projects, lookups, container reports).

CREATE TABLE country (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  code text
);
CREATE INDEX country_seq_idx ON country (seq);
CREATE UNIQUE INDEX country_code_key ON country (code) WHERE deleted_at IS NULL;

CREATE TABLE commodity (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  code text NOT NULL,
  CHECK (code IN ('aluminium', 'coil', 'granite', 'other'))
);
CREATE INDEX commodity_seq_idx ON commodity (seq);
CREATE UNIQUE INDEX commodity_code_key ON commodity (code) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX commodity_name_key ON commodity (name) WHERE deleted_at IS NULL;

CREATE TABLE port (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  code text,
  country uuid REFERENCES country (id)
);
CREATE INDEX port_seq_idx ON port (seq);
CREATE UNIQUE INDEX port_code_key ON port (code) WHERE deleted_at IS NULL;

CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  trade_name text NOT NULL,
  legal_name text,
  tax_id text,
  email text,
  phone text,
  country uuid REFERENCES country (id)
);
CREATE INDEX accounts_seq_idx ON accounts (seq);

CREATE TABLE vessel (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  imo text,
  flag uuid REFERENCES country (id)
);
CREATE INDEX vessel_seq_idx ON vessel (seq);
CREATE UNIQUE INDEX vessel_imo_key ON vessel (imo) WHERE deleted_at IS NULL;

CREATE TABLE project_status (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL
);
CREATE INDEX project_status_seq_idx ON project_status (seq);
CREATE UNIQUE INDEX project_status_name_key ON project_status (name) WHERE deleted_at IS NULL;

CREATE TABLE report_status (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  description text NOT NULL
);
CREATE INDEX report_status_seq_idx ON report_status (seq);
CREATE UNIQUE INDEX report_status_description_key ON report_status (description) WHERE deleted_at IS NULL;

CREATE TABLE project_activity (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  operation text NOT NULL,
  CHECK (operation IN ('Charge', 'Discharge'))
);
CREATE INDEX project_activity_seq_idx ON project_activity (seq);
CREATE UNIQUE INDEX project_activity_name_key ON project_activity (name) WHERE deleted_at IS NULL;

CREATE TABLE event (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  description text NOT NULL,
  kind text NOT NULL,
  delay_attribution text,
  CHECK (kind IN ('milestone', 'working', 'stoppage')),
  CHECK (delay_attribution IN ('ship', 'stevedore', 'receiver', 'weather', 'authority', 'other'))
);
CREATE INDEX event_seq_idx ON event (seq);
CREATE UNIQUE INDEX event_description_key ON event (description) WHERE deleted_at IS NULL;

CREATE TABLE crane_type (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL
);
CREATE INDEX crane_type_seq_idx ON crane_type (seq);
CREATE UNIQUE INDEX crane_type_name_key ON crane_type (name) WHERE deleted_at IS NULL;

CREATE TABLE incidence_status (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL
);
CREATE INDEX incidence_status_seq_idx ON incidence_status (seq);
CREATE UNIQUE INDEX incidence_status_name_key ON incidence_status (name) WHERE deleted_at IS NULL;

CREATE TABLE incidence_type (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  name text NOT NULL,
  code text,
  CHECK (code IN ('internal', 'provider'))
);
CREATE INDEX incidence_type_seq_idx ON incidence_type (seq);
CREATE UNIQUE INDEX incidence_type_name_key ON incidence_type (name) WHERE deleted_at IS NULL;

CREATE TABLE project (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  code text,
  name text NOT NULL,
  status uuid REFERENCES project_status (id),
  activity uuid REFERENCES project_activity (id),
  commodity uuid REFERENCES commodity (id),
  init_date date,
  end_date date,
  customer uuid REFERENCES accounts (id),
  vessel uuid REFERENCES vessel (id),
  port uuid REFERENCES port (id),
  country uuid REFERENCES country (id),
  dock text,
  voyage text,
  port_capitain text,
  completion_date timestamptz,
  completed_by uuid REFERENCES users (id),
  data_entry_completed boolean NOT NULL DEFAULT false,
  crane_type uuid REFERENCES crane_type (id),
  number_gangs integer,
  remarks text,
  heavy_lift_date date,
  hl_commodity_wt numeric(14,3),
  tugs_in integer,
  tugs_out integer,
  agency text,
  applicant text,
  quay text,
  next_port uuid REFERENCES port (id),
  previous_port uuid REFERENCES port (id),
  berthing_wharf text,
  start_ops timestamptz,
  end_ops timestamptz,
  reported_and_ready timestamptz,
  time_to_count timestamptz,
  despatched timestamptz,
  etd_portcall timestamptz,
  eta_portcall timestamptz,
  project_summary jsonb,
  commodity_summary jsonb,
  tons_summary jsonb,
  CHECK (number_gangs >= 0),
  CHECK (hl_commodity_wt >= 0),
  CHECK (tugs_in >= 0),
  CHECK (tugs_out >= 0)
);
CREATE INDEX project_seq_idx ON project (seq);
CREATE UNIQUE INDEX project_code_key ON project (code) WHERE deleted_at IS NULL;

CREATE TABLE project_event (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  event uuid NOT NULL REFERENCES event (id),
  init_date timestamptz NOT NULL,
  end_date timestamptz,
  notes text,
  number_gangs integer,
  CHECK (number_gangs >= 0)
);
CREATE INDEX project_event_seq_idx ON project_event (seq);
CREATE INDEX project_event_project_seq_idx ON project_event (project, seq);

CREATE TABLE hand (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  event uuid NOT NULL REFERENCES project_event (id),
  description text,
  activity uuid REFERENCES project_activity (id),
  foreman text,
  superintendent text,
  berth_no text,
  gang_no integer,
  crew_count integer,
  crane_driver integer,
  crane_type uuid REFERENCES crane_type (id),
  hatch_tender integer,
  lift_trucks integer,
  tractor_trailers integer,
  fork_lifts integer,
  drivers integer,
  stevedore_equipment_used text,
  vessel_equipment_used text,
  init_date timestamptz,
  end_date timestamptz,
  project uuid REFERENCES project (id),
  CHECK (gang_no >= 0),
  CHECK (crew_count >= 0),
  CHECK (crane_driver >= 0),
  CHECK (hatch_tender >= 0),
  CHECK (lift_trucks >= 0),
  CHECK (tractor_trailers >= 0),
  CHECK (fork_lifts >= 0),
  CHECK (drivers >= 0)
);
CREATE INDEX hand_seq_idx ON hand (seq);
CREATE INDEX hand_project_seq_idx ON hand (project, seq);

CREATE TABLE hand_event (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  hand uuid NOT NULL REFERENCES hand (id),
  description text,
  related_event uuid REFERENCES event (id),
  activity uuid REFERENCES project_activity (id),
  date date,
  hour_from time,
  hour_to time,
  hatch_number integer,
  crane_number integer,
  cellar text,
  billable boolean NOT NULL DEFAULT false,
  in_dispute boolean NOT NULL DEFAULT false,
  ot boolean NOT NULL DEFAULT false,
  ot2 boolean NOT NULL DEFAULT false,
  vessel_notes text,
  stevedore_notes text,
  project uuid REFERENCES project (id),
  CHECK (hatch_number >= 0),
  CHECK (crane_number >= 0)
);
CREATE INDEX hand_event_seq_idx ON hand_event (seq);
CREATE INDEX hand_event_project_seq_idx ON hand_event (project, seq);

CREATE TABLE hand_incidence (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  hand uuid NOT NULL REFERENCES hand (id),
  issue text[] NOT NULL DEFAULT '{}',
  issue_description text,
  init_date timestamptz,
  end_date timestamptz,
  hold integer,
  non_commodity_hoist boolean NOT NULL DEFAULT false,
  observations_and_stops text,
  project uuid REFERENCES project (id),
  CHECK (issue <@ ARRAY['people', 'commodity', 'machines', 'vessel', 'others']::text[]),
  CHECK (hold >= 0)
);
CREATE INDEX hand_incidence_seq_idx ON hand_incidence (seq);
CREATE INDEX hand_incidence_project_seq_idx ON hand_incidence (project, seq);

CREATE TABLE packing_list (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  reference text NOT NULL,
  commodity uuid NOT NULL REFERENCES commodity (id),
  label_color text[] NOT NULL DEFAULT '{}',
  quantity numeric(14,3) NOT NULL DEFAULT 1.000,
  processed_quantity numeric(14,3) NOT NULL DEFAULT 0.000,
  net_weight numeric(14,3),
  gross_weight numeric(14,3),
  location text NOT NULL DEFAULT 'uncategorized',
  damage text[] NOT NULL DEFAULT '{}',
  other_damage text,
  requires_attention boolean NOT NULL DEFAULT false,
  validated boolean NOT NULL DEFAULT false,
  validation_datetime timestamptz,
  validation_hand uuid REFERENCES hand (id),
  validation_hold integer,
  validation_prompter_identifier uuid REFERENCES users (id),
  zone text,
  packing text,
  lift_id uuid,
  CHECK (label_color <@ ARRAY['black', 'gray', 'red', 'blue', 'yellow', 'green', 'orange', 'brown', 'pink', 'violet', 'purple', 'gold', 'silver']::text[]),
  CHECK (quantity >= 0),
  CHECK (processed_quantity >= 0),
  CHECK (net_weight >= 0),
  CHECK (gross_weight >= 0),
  CHECK (location IN ('onboard', 'warehouse', 'fas', 'truck', 'uncategorized')),
  CHECK (damage <@ ARRAY['marked_by_bulkhead', 'opened_packing', 'wrapping', 'marked_by_stamps']::text[]),
  CHECK (validation_hold >= 0)
);
CREATE INDEX packing_list_seq_idx ON packing_list (seq);
CREATE INDEX packing_list_project_seq_idx ON packing_list (project, seq);
CREATE UNIQUE INDEX packing_list_project_reference_key ON packing_list (project, reference) WHERE deleted_at IS NULL;

CREATE TABLE remaining_parts (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  label_color text[] NOT NULL DEFAULT '{}',
  quantity numeric(14,3) NOT NULL,
  CHECK (label_color <@ ARRAY['white', 'black', 'gray', 'red', 'blue', 'yellow', 'green', 'orange', 'brown', 'pink', 'violet', 'purple', 'golden', 'silver']::text[]),
  CHECK (quantity >= 0)
);
CREATE INDEX remaining_parts_seq_idx ON remaining_parts (seq);
CREATE INDEX remaining_parts_project_seq_idx ON remaining_parts (project, seq);

CREATE TABLE incidence (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  type uuid REFERENCES incidence_type (id),
  detect uuid REFERENCES users (id),
  description text NOT NULL,
  detection_desc text,
  causes text,
  manager uuid REFERENCES users (id),
  status uuid REFERENCES incidence_status (id),
  client uuid REFERENCES accounts (id),
  provider uuid REFERENCES accounts (id),
  users_interested uuid[] NOT NULL DEFAULT '{}',
  solution text,
  requires_attention boolean NOT NULL DEFAULT false
);
CREATE INDEX incidence_seq_idx ON incidence (seq);
CREATE INDEX incidence_project_seq_idx ON incidence (project, seq);

CREATE TABLE coil_report (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  commodity uuid NOT NULL REFERENCES commodity (id),
  activity uuid NOT NULL REFERENCES project_activity (id),
  agency text,
  applicant text,
  quay text,
  stevedores text,
  remarks text,
  cargo_overlanded text,
  coils_hour numeric(14,3),
  tons_hour numeric(14,3),
  lifting_rate numeric(14,3),
  effective_time numeric(14,3),
  start_ops timestamptz,
  end_ops timestamptz,
  operation_others text,
  CHECK (coils_hour >= 0),
  CHECK (tons_hour >= 0),
  CHECK (lifting_rate >= 0),
  CHECK (effective_time >= 0)
);
CREATE INDEX coil_report_seq_idx ON coil_report (seq);
CREATE INDEX coil_report_project_seq_idx ON coil_report (project, seq);

CREATE TABLE sof_report (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  previous_port uuid REFERENCES port (id),
  port uuid REFERENCES port (id),
  next_port uuid REFERENCES port (id),
  berthing_wharf text,
  reported_and_ready timestamptz,
  time_to_count timestamptz,
  despatched timestamptz,
  eta_portcall timestamptz,
  etd_portcall timestamptz,
  remarks text
);
CREATE INDEX sof_report_seq_idx ON sof_report (seq);
CREATE INDEX sof_report_project_seq_idx ON sof_report (project, seq);

CREATE TABLE prompter_report (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  project uuid NOT NULL REFERENCES project (id),
  hand uuid REFERENCES hand (id),
  hand_event uuid REFERENCES hand_event (id),
  hold integer,
  CHECK (hold >= 0)
);
CREATE INDEX prompter_report_seq_idx ON prompter_report (seq);
CREATE INDEX prompter_report_project_seq_idx ON prompter_report (project, seq);

CREATE TABLE container_report (
  id uuid PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  seq bigint NOT NULL DEFAULT nextval('sync_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  deleted_at timestamptz,
  container_number text NOT NULL,
  manager uuid REFERENCES users (id),
  date date,
  status uuid REFERENCES report_status (id),
  external_floor_break boolean NOT NULL DEFAULT false,
  external_transversal_break boolean NOT NULL DEFAULT false,
  external_door_handle_bent boolean NOT NULL DEFAULT false,
  external_door_status text,
  external_left_side_status text,
  external_right_side_status text,
  external_bottom_status text,
  external_roof_status text,
  external_others text,
  internal_floor_wood_broken boolean NOT NULL DEFAULT false,
  internal_floor_cleaned boolean NOT NULL DEFAULT false,
  internal_door_handle_bent boolean NOT NULL DEFAULT false,
  internal_left_side_status text,
  internal_right_side_status text,
  internal_bottom_status text,
  internal_roof_status text,
  internal_floor_others text,
  wooden_dowels_left boolean NOT NULL DEFAULT false,
  load_shift boolean NOT NULL DEFAULT false,
  stowage_others text,
  CHECK (external_door_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (external_left_side_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (external_right_side_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (external_bottom_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (external_roof_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (internal_left_side_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (internal_right_side_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (internal_bottom_status IN ('no_damage', 'broken', 'small_damage')),
  CHECK (internal_roof_status IN ('no_damage', 'broken', 'small_damage'))
);
CREATE INDEX container_report_seq_idx ON container_report (seq);

-- Indexes serving each list's filters and default order (live rows only).
CREATE INDEX project_list_idx ON project (init_date DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX project_customer_idx ON project (customer) WHERE deleted_at IS NULL;
CREATE INDEX project_status_idx ON project (status) WHERE deleted_at IS NULL;

CREATE INDEX project_event_list_idx ON project_event (project, init_date, id) WHERE deleted_at IS NULL;

CREATE INDEX hand_list_idx ON hand (event, init_date, id) WHERE deleted_at IS NULL;

CREATE INDEX hand_event_list_idx ON hand_event (hand, date, hour_from, id) WHERE deleted_at IS NULL;

CREATE INDEX hand_incidence_list_idx ON hand_incidence (hand, init_date, id) WHERE deleted_at IS NULL;

-- The packing list: by project in reference order, and by project + commodity + location (the
-- benchmark's page 30 over 100,000 rows reads its 10 rows and its count from this index).
CREATE INDEX packing_list_list_idx ON packing_list (project, reference, id) WHERE deleted_at IS NULL;
CREATE INDEX packing_list_commodity_location_idx
  ON packing_list (project, commodity, location, reference, id) WHERE deleted_at IS NULL;
CREATE INDEX packing_list_validation_hand_idx
  ON packing_list (validation_hand, validation_datetime) WHERE deleted_at IS NULL AND validation_hand IS NOT NULL;

CREATE INDEX remaining_parts_list_idx ON remaining_parts (project, id) WHERE deleted_at IS NULL;

CREATE INDEX incidence_list_idx ON incidence (project, id DESC) WHERE deleted_at IS NULL;

CREATE INDEX coil_report_list_idx ON coil_report (project, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX sof_report_list_idx ON sof_report (project, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX prompter_report_list_idx ON prompter_report (project, id DESC) WHERE deleted_at IS NULL;

CREATE INDEX container_report_list_idx ON container_report (date DESC, id DESC) WHERE deleted_at IS NULL;
