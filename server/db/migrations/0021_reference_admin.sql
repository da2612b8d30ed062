-- Running the reference lists and the users from the app (issue 16).
-- An entry in use is retired rather than deleted: hidden from new choices, kept on old records.
ALTER TABLE country ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE commodity ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE port ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE vessel ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE project_status ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE report_status ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE project_activity ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE event ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE crane_type ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE incidence_status ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE incidence_type ADD COLUMN retired boolean NOT NULL DEFAULT false;

-- Two entries for one thing merged by an admin: the one merged away (now a tombstone) and the one
-- kept. A change made offline before the merge that still names the old entry is applied to the
-- kept one when it arrives, so no tablet's work is refused for it.
CREATE TABLE reference_merge (
  from_id uuid PRIMARY KEY,
  resource text NOT NULL,
  into_id uuid NOT NULL,
  merged_by uuid REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now()
);

-- One-time links an admin gives a new user (or one who forgot a password) to set their password.
-- Kept as the SHA-256 of the link's token, like sign-in tokens.
CREATE TABLE user_invite (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_invite_user_idx ON user_invite (user_id);
