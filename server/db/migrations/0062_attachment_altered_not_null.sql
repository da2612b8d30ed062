-- `altered` (0061) is never null: a file without a capture hash is not altered (false), and every
-- attachment has the sha256 of the bytes received. The domain and the schema test say NOT NULL.
ALTER TABLE attachment ALTER COLUMN altered SET NOT NULL;
