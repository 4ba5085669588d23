-- Escalation calls (the `voice` channel, adapters/voice/). The dev outbox keeps calls as it keeps texts, and a
-- call's outcome (from the provider's status callback) is written once on its delivery, so a repeated callback
-- adds nothing more to the alert's timeline.
ALTER TABLE dev_outbox DROP CONSTRAINT IF EXISTS dev_outbox_channel_check;
ALTER TABLE dev_outbox ADD CONSTRAINT dev_outbox_channel_check CHECK (channel IN ('email', 'sms', 'voice'));

ALTER TABLE alert_deliveries ADD COLUMN call_outcome text
  CHECK (call_outcome IN ('answered', 'voicemail', 'no_answer', 'busy', 'failed'));
