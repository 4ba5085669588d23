-- Journeys: escort sessions and check-ins whose deadlines fire from the server (modules/journeys).
-- escort_sessions and check_ins exist since 001; this gives them what the deadline, the silence warning and the
-- last-gasp need. Statuses: an escort is active, completed (I'm safe / Cancel) or expired (its deadline passed);
-- a check-in is active, stopped or missed.

-- "cancelled" was never written: both ways of ending an escort complete it.
ALTER TABLE escort_sessions DROP CONSTRAINT IF EXISTS escort_sessions_status_check;
ALTER TABLE escort_sessions ADD CONSTRAINT escort_sessions_status_check
  CHECK (status IN ('active', 'completed', 'expired'));
-- When the deadline passed (the scheduler's time) and the alert it raised (NULL: nobody could be told). No foreign
-- key: the alert belongs to the same person and goes with them.
ALTER TABLE escort_sessions ADD COLUMN expired_at timestamptz;
ALTER TABLE escort_sessions ADD COLUMN alert_id uuid;
-- The newest sign of life from the phone besides a stored position: start, route points, added time, heartbeat.
ALTER TABLE escort_sessions ADD COLUMN last_signal_at timestamptz;
ALTER TABLE escort_sessions ADD COLUMN last_battery integer;
-- Each guardian warning at most once per journey.
ALTER TABLE escort_sessions ADD COLUMN silence_warned_at timestamptz;
ALTER TABLE escort_sessions ADD COLUMN last_gasp_at timestamptz;
ALTER TABLE escort_sessions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- One active escort per person: a second start is refused (409), also when two requests race.
CREATE UNIQUE INDEX escort_sessions_one_active_idx ON escort_sessions (user_id) WHERE status = 'active';

-- The check-in's next deadline: scheduled_time always meant "when the next check-in is due".
ALTER TABLE check_ins RENAME COLUMN scheduled_time TO next_due_at;
ALTER TABLE check_ins ADD COLUMN stopped_at timestamptz;
ALTER TABLE check_ins ADD COLUMN missed_at timestamptz;
ALTER TABLE check_ins ADD COLUMN alert_id uuid;
ALTER TABLE check_ins ADD COLUMN last_signal_at timestamptz;
ALTER TABLE check_ins ADD COLUMN last_battery integer;
ALTER TABLE check_ins ADD COLUMN silence_warned_at timestamptz;
ALTER TABLE check_ins ADD COLUMN last_gasp_at timestamptz;
CREATE UNIQUE INDEX check_ins_one_active_idx ON check_ins (user_id) WHERE status = 'active';

-- The warnings guardians were sent (silence, last gasp), so a guardian window opened late shows them.
CREATE TABLE journey_warnings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('silence', 'last_gasp')),
  journey text NOT NULL CHECK (journey IN ('escort', 'checkin')),
  journey_id uuid NOT NULL,
  last_signal_at timestamptz NOT NULL,
  battery integer,
  -- The newest stored position when the warning was sent (kept here: positions are deleted after retention).
  location jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (journey_id, kind)
);
CREATE INDEX journey_warnings_user_time_idx ON journey_warnings (user_id, created_at DESC);
