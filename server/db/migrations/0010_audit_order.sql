-- The time that orders a write in the field merge: the server's time of receipt. A device's change is
-- ordered at the moment the server got it less its age measured on the device's own clock, so a tablet
-- whose clock is a year off neither outranks nor loses to the office; occurred_at keeps the device's
-- own time for the audit log. Rows written before this have none: their order is
-- least(occurred_at, at), a device's time never later than the server's receipt.
ALTER TABLE audit_log ADD COLUMN order_at timestamptz;
ALTER TABLE audit_log ALTER COLUMN order_at SET DEFAULT now();
