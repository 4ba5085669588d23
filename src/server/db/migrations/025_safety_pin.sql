-- A person's safety PIN and duress PIN (modules/safety-pin, docs/decisions/042-safety-pin-and-duress.md): argon2id
-- hashes only, never the digits. One row per person; the duress PIN is optional, and never without a safety PIN.
CREATE TABLE safety_pins (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  safety_hash text NOT NULL,
  duress_hash text,
  updated_at timestamptz NOT NULL
);

-- When the duress PIN "ended" the alert on the person's own phone. The alert stays active for everyone else
-- (resolved_at stays null, escalation goes on); only the owner's own reads show it ended at this time.
ALTER TABLE alerts ADD COLUMN concealed_at timestamptz;

-- `guardians`: an event for the person's active guardians only, never for the person's own devices (the duress
-- alert, and what happens to an alert the duress PIN ended on the phone).
ALTER TABLE realtime_events DROP CONSTRAINT IF EXISTS realtime_events_audience_check;
ALTER TABLE realtime_events ADD CONSTRAINT realtime_events_audience_check
  CHECK (audience IN ('subject', 'subject_and_guardians', 'guardians'));
