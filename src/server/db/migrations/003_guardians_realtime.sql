-- Guardians, realtime and live location sharing. Plain PostgreSQL, no function bodies.

-- One open (pending or active) link per guardian and ward: two concurrent redemptions cannot both create one.
-- Rejected and ended rows stay as history and do not block a new request.
CREATE UNIQUE INDEX guardian_relationships_open_pair_idx ON guardian_relationships (guardian_id, ward_id)
  WHERE status IN ('pending', 'active');

-- When the guardian approved: a guardian's catch-up never replays a ward's events from before that moment.
ALTER TABLE guardian_relationships ADD COLUMN activated_at timestamptz;
UPDATE guardian_relationships SET activated_at = updated_at WHERE status = 'active';

-- The device's battery and online flag sent with a reading, shown to guardians beside the position.
ALTER TABLE live_locations ADD COLUMN battery_level smallint;
ALTER TABLE live_locations ADD COLUMN network_online boolean;
-- The retention job deletes by age.
CREATE INDEX live_locations_recorded_idx ON live_locations (recorded_at);

-- Every realtime event, so a client that reconnects can catch up (`?since=<id>`). Pruned after a day.
-- `audience`: 'subject' = only the person it is about; 'subject_and_guardians' = also their active guardians.
CREATE TABLE realtime_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  audience text NOT NULL DEFAULT 'subject_and_guardians' CHECK (audience IN ('subject', 'subject_and_guardians')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX realtime_events_user_idx ON realtime_events (user_id, id);
CREATE INDEX realtime_events_created_idx ON realtime_events (created_at);

-- Web Push subscriptions, one per browser (the endpoint is unique to it).
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
