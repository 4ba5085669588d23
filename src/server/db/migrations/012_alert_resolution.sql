-- An alert ends when the person says they are safe ("I'm safe"): resolved_at is when. NULL = still active.
-- The API answers `status: active | resolved` from it.
ALTER TABLE alerts ADD COLUMN resolved_at timestamptz;
