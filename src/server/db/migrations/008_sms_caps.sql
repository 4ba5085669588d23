-- SMS pumping caps (modules/alerts/sms-caps.ts, docs/decisions/014-sms-abuse-caps.md). An alert text that a cap
-- held back is stored as a final `failed` delivery with the reason here, so the person is told which contact was
-- not texted and why; null for every other delivery.
ALTER TABLE alert_deliveries ADD COLUMN held_reason text
  CHECK (held_reason IN ('number_hourly_cap', 'global_breaker'));
