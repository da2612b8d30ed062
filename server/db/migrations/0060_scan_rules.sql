-- Tally by scanning (issue 21): how a project's labels are read. scan_pattern is a regular expression
-- naming the reference (and the weight) in a label's text, checked by src/domain/scan-rule.ts; empty
-- means the default rule. scan_weight_tolerance is the percent by which a label's weight may differ from
-- the packing list's before the tally warns (2 when empty). Existing projects keep both empty.
ALTER TABLE project ADD COLUMN scan_pattern text;
ALTER TABLE project ADD COLUMN scan_weight_tolerance numeric(4,2);
