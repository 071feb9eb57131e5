-- An institution's holidays (issue 32 §3, ADR 0441): days the internal deadline's business-day
-- count skips. Owners and research officers keep the list; it goes with the organisation.
CREATE TABLE organisation_holidays (
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  day date NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (organisation_id, day)
);
