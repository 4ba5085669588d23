-- Texts are never falsely "sent" (docs/decisions/015-sms-truth.md).

-- The dev outbox keeps a text instead of sending it: its own final status, never counted as sent.
ALTER TABLE alert_deliveries DROP CONSTRAINT IF EXISTS alert_deliveries_status_check;
ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'kept_in_dev_outbox'));

-- A hash of the request that raised the alert (without the fields a replay may change), so a reused
-- Idempotency-Key with a different request is refused instead of answering the old alert. Null for older rows.
ALTER TABLE alerts ADD COLUMN request_hash text;

-- The SMS provider's last outcome, per provider, shared by every instance (shown by GET /api/health).
CREATE TABLE sms_provider_status (
  provider text PRIMARY KEY,
  last_outcome text NOT NULL,
  http_status integer,
  provider_code text,
  at timestamptz NOT NULL
);
