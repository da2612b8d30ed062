-- Contact requests from the public contact form (POST /api/contact/). Kept as sent; mailed when SMTP is set.
CREATE TABLE contact_request (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  company text NOT NULL,
  comments text NOT NULL DEFAULT '',
  product text NOT NULL DEFAULT 'karbontrack',
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  accepted_terms boolean NOT NULL CHECK (accepted_terms),
  -- When the mail went out; null when SMTP is not configured or sending failed (see mail_error).
  mailed_at timestamptz,
  mail_error text
);
CREATE INDEX contact_request_created_at_idx ON contact_request (created_at);
