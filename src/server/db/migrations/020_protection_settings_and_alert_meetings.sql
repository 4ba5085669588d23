-- AI Protection's settings (modules/protection, docs/decisions/034-protection-settings-and-alert-meetings.md): one
-- row per person, written the first time they change a setting (until then they have the defaults of
-- src/shared/protection.ts). Kept on the server so every device the person signs in on applies the same ones.
-- The ranges are checked by the shared schema before anything is stored; the row goes with the account.
CREATE TABLE protection_settings (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  shake_enabled boolean NOT NULL,
  loud_sound_enabled boolean NOT NULL,
  voice_enabled boolean NOT NULL,
  motion_threshold integer NOT NULL,
  keywords text[] NOT NULL,
  recognition_accuracy double precision NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The meeting an alert carries (POST /api/alerts `meeting`): the entry of the phone's Who You're Meeting log
-- that was under way when the alert was raised. The log itself never leaves the phone; this copy does, with the
-- alert, and goes with it (and with the account, through the alert). The photo, when there is one, is kept here
-- as bytes with its content type: at most about 200 KB, read only by GET /api/alerts/:id/meeting-photo.
CREATE TABLE alert_meetings (
  alert_id uuid PRIMARY KEY REFERENCES alerts(id) ON DELETE CASCADE,
  person text NOT NULL,
  location text NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz,
  notes text NOT NULL,
  photo bytea,
  photo_content_type text CHECK (photo_content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  created_at timestamptz NOT NULL,
  CHECK ((photo IS NULL) = (photo_content_type IS NULL))
);
