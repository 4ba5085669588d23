-- When the person raised an alert, as opposed to when the server recorded it (`created_at`). They differ when a
-- phone that was offline replays a queued SOS later; the texts then say both, so no contact mistakes an old
-- position for a current one. The application always sets it; the default only serves rows written by hand.
ALTER TABLE alerts ADD COLUMN occurred_at timestamptz;
UPDATE alerts SET occurred_at = created_at WHERE occurred_at IS NULL;
ALTER TABLE alerts ALTER COLUMN occurred_at SET DEFAULT now();
ALTER TABLE alerts ALTER COLUMN occurred_at SET NOT NULL;
