-- The last chance before a journey's alert (modules/journeys, docs/decisions/044-last-chance-before-a-journey-alert.md).
-- The person chooses how long, after an escort's or check-in's deadline, they are asked "Are you safe?" on their
-- own phone before their contacts are texted: 0 to 10 minutes, 2 unless they change it. Checked by the shared
-- schema before anything is stored; the CHECK keeps the table honest.
ALTER TABLE profiles ADD COLUMN last_chance_minutes integer NOT NULL DEFAULT 2
  CHECK (last_chance_minutes BETWEEN 0 AND 10);

-- Each journey keeps the last chance it started with, so its deadline job, the deadline check and the screens
-- agree on when contacts are texted even if the setting changes meanwhile. Journeys that were under way before
-- this migration keep the old timing (0: the alert a request's grace after the deadline).
ALTER TABLE escort_sessions ADD COLUMN last_chance_seconds integer NOT NULL DEFAULT 0;
ALTER TABLE check_ins ADD COLUMN last_chance_seconds integer NOT NULL DEFAULT 0;
