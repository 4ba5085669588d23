-- "Seen": a guardian acknowledged a ward's alert (POST /api/wards/alerts/:id/seen). One row per alert and guardian,
-- so every device of that guardian shows the same; seen_at is the first time they said so. Other guardians of the
-- same ward keep their own. Rows go with the alert or the guardian.
CREATE TABLE alert_acknowledgements (
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  guardian_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (alert_id, guardian_id)
);
CREATE INDEX alert_acknowledgements_guardian ON alert_acknowledgements (guardian_id);
