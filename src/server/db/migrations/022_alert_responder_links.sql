-- The contact's responder page (/r/{code}): one link per alert text, so each contact answers as themselves. Only a
-- hash of the code is kept (the code is derived again from the delivery id when the text is sent: see
-- modules/alerts/responder-code.ts); the link goes with its alert, and with its delivery.
CREATE TABLE alert_responder_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash text NOT NULL UNIQUE,
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  delivery_id uuid NOT NULL UNIQUE REFERENCES alert_deliveries(id) ON DELETE CASCADE,
  recipient_phone text NOT NULL,
  recipient_name text NOT NULL,
  created_at timestamptz NOT NULL,
  -- The latest the page opens (a day after the alert was raised); it closes earlier once the person is safe.
  expires_at timestamptz NOT NULL,
  -- Set when the person stops all sharing: the code then names nothing.
  revoked_at timestamptz
);
CREATE INDEX alert_responder_links_alert_idx ON alert_responder_links (alert_id);
