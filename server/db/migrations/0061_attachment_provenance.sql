-- Evidence that holds up (issue 21): where a photo or document comes from, as the device saw it when it
-- was taken, beside what the server saw when it arrived (created_at, created_by, sha256 of the bytes
-- received). captured_at is the device's clock at capture; capture_device the device's client id;
-- capture_latitude/longitude/accuracy (metres) only when the user had allowed the position;
-- capture_sha256 the SHA-256 the device computed of the bytes at capture. `altered` says the bytes that
-- arrived are not those captured (computed, never written). Files from before this release, and
-- files sent by the API without a capture hash, have nulls there and altered false.
ALTER TABLE attachment ADD COLUMN captured_at timestamptz;
ALTER TABLE attachment ADD COLUMN capture_device text;
ALTER TABLE attachment ADD COLUMN capture_latitude numeric(9,6);
ALTER TABLE attachment ADD COLUMN capture_longitude numeric(9,6);
ALTER TABLE attachment ADD COLUMN capture_accuracy numeric(9,1);
ALTER TABLE attachment ADD COLUMN capture_sha256 text;
ALTER TABLE attachment ADD CONSTRAINT attachment_capture_sha256_hex
  CHECK (capture_sha256 IS NULL OR capture_sha256 ~ '^[0-9a-f]{64}$');
ALTER TABLE attachment ADD COLUMN altered boolean
  GENERATED ALWAYS AS (capture_sha256 IS NOT NULL AND capture_sha256 <> sha256) STORED;
