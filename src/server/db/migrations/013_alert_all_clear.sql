-- "I'm safe" ends an alert with a follow-up (src/server/modules/alerts/resolve-alert.ts): everyone the alert
-- reached gets an all-clear through the same delivery pipeline. `purpose` tells the two apart; a recipient may
-- have one delivery of each per channel.
ALTER TABLE alert_deliveries ADD COLUMN purpose text NOT NULL DEFAULT 'alert';
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_purpose_check CHECK (purpose IN ('alert', 'all_clear'));
ALTER TABLE alert_deliveries DROP CONSTRAINT IF EXISTS alert_deliveries_alert_id_channel_recipient_key;
CREATE UNIQUE INDEX alert_deliveries_recipient_idx ON alert_deliveries (alert_id, purpose, channel, recipient);

-- An alert text not yet sent when the person said they were safe is never sent: `cancelled` (final).
ALTER TABLE alert_deliveries DROP CONSTRAINT IF EXISTS alert_deliveries_status_check;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'kept_in_dev_outbox', 'cancelled'));
