-- Who has looked at what the person shares (modules/sharing, docs/decisions/046-who-looked-and-stop-all-sharing.md).
-- One row per visit: one viewer's looks at one thing within a short time of each other (the tracking page polls
-- every few seconds) are one row with the first and last time and a count. The viewer is known only coarsely: the
-- device kind guessed from the User-Agent and the network (IPv4 /24, IPv6 /48) their address is in. The full
-- address is never stored. Rows older than a month are deleted by the sharing-views-retention chore.
CREATE TABLE sharing_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The person whose data was looked at.
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('tracking_page', 'recording', 'responder_page')),
  via text NOT NULL CHECK (via IN ('share_link', 'responder_link', 'guardian')),
  share_link_id uuid REFERENCES share_links(id) ON DELETE CASCADE,
  responder_link_id uuid REFERENCES alert_responder_links(id) ON DELETE CASCADE,
  -- Recordings are deleted long before their views: the entry stays, without the recording.
  recording_id uuid REFERENCES recordings(id) ON DELETE SET NULL,
  viewer_user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  device text NOT NULL CHECK (device IN ('phone', 'tablet', 'computer', 'unknown')),
  network text NOT NULL,
  -- What makes two looks the same viewer's: kind, what was seen, through what, by whom, device and network.
  visit_key text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 1 CHECK (views > 0),
  CHECK ((via = 'share_link') = (share_link_id IS NOT NULL)),
  CHECK ((via = 'responder_link') = (responder_link_id IS NOT NULL)),
  CHECK ((via = 'guardian') = (viewer_user_id IS NOT NULL))
);
CREATE INDEX sharing_views_owner_idx ON sharing_views (owner_id, last_seen_at DESC);
CREATE INDEX sharing_views_visit_idx ON sharing_views (visit_key, last_seen_at DESC);
CREATE INDEX sharing_views_age_idx ON sharing_views (last_seen_at);
