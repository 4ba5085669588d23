-- Alert pipeline (src/server/modules/alerts). Plain PostgreSQL, no function bodies.

-- Every alert carries an idempotency key (the client's Idempotency-Key, or one the server made up), so the
-- unique index on (user_id, idempotency_key) turns a retried request into the same alert.
UPDATE alerts SET idempotency_key = id::text WHERE idempotency_key IS NULL;
ALTER TABLE alerts ALTER COLUMN idempotency_key SET NOT NULL;

-- Which contact a delivery was made for (null for POST /api/send-emergency-sms numbers), and when its first
-- attempt started: the retry window ("give up after an hour") counts from there, not from when the row was
-- written, so texts queued while no instance was running are still tried.
ALTER TABLE alert_deliveries ADD COLUMN contact_id text;
ALTER TABLE alert_deliveries ADD COLUMN first_attempt_at timestamptz;
-- Deliveries list in the order of the person's contacts.
ALTER TABLE alert_deliveries ADD COLUMN position integer NOT NULL DEFAULT 0;

-- The dev SMS outbox honours an idempotency token the way a real provider does: a text re-sent after a crash
-- with the same token is stored once.
ALTER TABLE dev_outbox ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX dev_outbox_idempotency_idx ON dev_outbox (idempotency_key);
