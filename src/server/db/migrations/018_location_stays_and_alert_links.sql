-- Live location rows are stays: where the phone was from `recorded_at` (the reading that put it there) until
-- `checked_at` (the newest reading that found it at exactly that place). A reading that changes nothing moves
-- `checked_at` (and the battery and online flag it brought) instead of adding a row, so a phone lying still
-- during an alert, which takes a fresh fix every few seconds, does not grow the history and its contacts still
-- see that it was checked seconds ago. `received_at` is when the server last heard a reading of the stay (the
-- journey watch's sign of life; `created_at` stays the first).
ALTER TABLE live_locations ADD COLUMN checked_at timestamptz;
ALTER TABLE live_locations ADD COLUMN received_at timestamptz;
UPDATE live_locations SET checked_at = recorded_at, received_at = created_at;
ALTER TABLE live_locations ALTER COLUMN checked_at SET NOT NULL;
ALTER TABLE live_locations ALTER COLUMN checked_at SET DEFAULT now();
ALTER TABLE live_locations ALTER COLUMN received_at SET NOT NULL;
ALTER TABLE live_locations ALTER COLUMN received_at SET DEFAULT now();

-- A link an SOS text carries belongs to the alert pipeline, not to the person's own sharing: `alert_id` is the
-- newest alert whose texts carry it (a later alert that reuses the link moves it there). Such a link shows a
-- position only while that alert is active. NULL: a link the person made themselves (Share Link card), which
-- alerts never reuse and "I'm safe" never ends. No foreign key: the alert belongs to the same person and goes
-- with them.
ALTER TABLE share_links ADD COLUMN alert_id uuid;
