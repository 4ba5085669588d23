-- When the person raised an alert, as opposed to when the server recorded it (`created_at`). They differ when a
-- phone that was offline replays a queued SOS later; the texts then say both, so no contact mistakes an old
-- position for a current one.
ALTER TABLE alerts ADD COLUMN occurred_at timestamptz;
UPDATE alerts SET occurred_at = created_at WHERE occurred_at IS NULL;
ALTER TABLE alerts ALTER COLUMN occurred_at SET NOT NULL;
