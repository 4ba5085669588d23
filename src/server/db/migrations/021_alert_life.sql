-- An alert's life after it is raised (src/shared/alert-life.ts). The state is derived from these columns:
-- resolved_at set → resolved; acknowledged_at set → acknowledged; escalation_round > 0 → escalating; else raised.
ALTER TABLE alerts ADD COLUMN acknowledged_at timestamptz;
-- The escalation round under way (0: none yet). Written by the escalation job, fenced by the job table.
ALTER TABLE alerts ADD COLUMN escalation_round integer NOT NULL DEFAULT 0;

-- Who answered: one row per responder (a guardian by id, a contact by their number); a later answer replaces the
-- earlier one. Rows go with the alert; a guardian's with their account.
CREATE TABLE alert_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  responder_kind text NOT NULL CHECK (responder_kind IN ('guardian', 'contact')),
  guardian_id uuid REFERENCES users(id) ON DELETE CASCADE,
  contact_phone text,
  responder_name text NOT NULL,
  response text NOT NULL CHECK (response IN ('on_my_way', 'calling', 'acknowledged')),
  responded_at timestamptz NOT NULL,
  CHECK ((responder_kind = 'guardian') = (guardian_id IS NOT NULL)),
  CHECK ((responder_kind = 'contact') = (contact_phone IS NOT NULL))
);
CREATE UNIQUE INDEX alert_responses_guardian_idx ON alert_responses (alert_id, guardian_id) WHERE guardian_id IS NOT NULL;
CREATE UNIQUE INDEX alert_responses_contact_idx ON alert_responses (alert_id, contact_phone) WHERE contact_phone IS NOT NULL;

-- Every step of an alert's life, in order: raised, each response, each escalation step and call outcome, resolved.
CREATE TABLE alert_timeline (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('raised', 'responded', 'escalated', 'call_outcome', 'resolved')),
  at timestamptz NOT NULL,
  actor_name text,
  response text CHECK (response IN ('on_my_way', 'calling', 'acknowledged')),
  escalation_step text CHECK (escalation_step IN ('push_again', 'text_again', 'call')),
  round integer,
  call_outcome text CHECK (call_outcome IN ('answered', 'voicemail', 'no_answer', 'busy', 'failed'))
);
CREATE INDEX alert_timeline_alert_idx ON alert_timeline (alert_id, id);

-- Alerts raised before this migration start their timeline with their own raising (and end, if they ended).
INSERT INTO alert_timeline (alert_id, kind, at) SELECT id, 'raised', occurred_at FROM alerts;
INSERT INTO alert_timeline (alert_id, kind, at) SELECT id, 'resolved', resolved_at FROM alerts WHERE resolved_at IS NOT NULL;
