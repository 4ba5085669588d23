-- The escalation ladder (src/shared/alert-life.ts; docs/decisions/040-the-escalation-ladder.md).

-- How long the person's alerts may go unanswered before they escalate; null: the server's default
-- (ALERT_ESCALATION_SECONDS). The bounds are ALERT_ESCALATION.minSeconds and maxSeconds.
ALTER TABLE profiles ADD COLUMN alert_escalation_seconds integer
  CHECK (alert_escalation_seconds BETWEEN 30 AND 1800);

-- An escalation step's deliveries (a guardian's push again, a STILL NO RESPONSE text, the call) have purpose
-- `escalation` and the round they belong to: one per recipient, channel and round. The alert's own deliveries and
-- the all-clear keep round 0.
ALTER TABLE alert_deliveries DROP CONSTRAINT IF EXISTS alert_deliveries_purpose_check;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_purpose_check
  CHECK (purpose IN ('alert', 'all_clear', 'escalation'));
ALTER TABLE alert_deliveries ADD COLUMN escalation_round integer NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS alert_deliveries_recipient_idx;
CREATE UNIQUE INDEX alert_deliveries_recipient_idx
  ON alert_deliveries (alert_id, purpose, escalation_round, channel, recipient);

-- Each step of each round is on an alert's timeline at most once, whichever instance ran it and however often.
CREATE UNIQUE INDEX alert_timeline_escalation_idx
  ON alert_timeline (alert_id, escalation_step, round) WHERE kind = 'escalated';
