-- What a receiver's container report states besides the checklist: the ISO 6346 size and type code,
-- the seal, the vessel and voyage, the port (its time zone is the report's) and the place of the
-- inspection, and the inspector's signature drawn on the tablet (a PNG data URL, inline as a SOF
-- signature's). All optional: reports of the previous release keep working as they are.
ALTER TABLE container_report
  ADD COLUMN size_type text,
  ADD COLUMN seal_number text,
  ADD COLUMN vessel uuid REFERENCES vessel (id),
  ADD COLUMN voyage text,
  ADD COLUMN port uuid REFERENCES port (id),
  ADD COLUMN place text,
  ADD COLUMN signature text;
