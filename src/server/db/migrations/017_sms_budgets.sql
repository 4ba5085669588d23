-- SMS limits that cannot silence a victim (modules/alerts/sms-caps.ts,
-- docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md): a text may now be held back because its
-- sender's alerts used up their hourly budget. `number_hourly_cap` is no longer given but stays valid for texts
-- held back before.
ALTER TABLE alert_deliveries DROP CONSTRAINT IF EXISTS alert_deliveries_held_reason_check;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_held_reason_check
  CHECK (held_reason IN ('sender_hourly_budget', 'global_breaker', 'number_hourly_cap'));
