-- "Test my safety network" and contacts whose texts keep failing (modules/alerts/drill*.ts,
-- docs/decisions/045-safety-network-drill.md). A drill is an alert of trigger 'drill' (no new table). Whether texts
-- to a contact's number keep failing is read from the last texts to that number: this index finds them without
-- scanning every delivery.
CREATE INDEX alert_deliveries_sms_recipient_idx ON alert_deliveries (recipient, updated_at DESC)
  WHERE channel = 'sms';
-- A person's drill still open, found when they start another.
CREATE INDEX alerts_open_drill_idx ON alerts (user_id) WHERE trigger_type = 'drill' AND resolved_at IS NULL;
