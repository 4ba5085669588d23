-- Emergency recordings (modules/recordings, docs/decisions/032-recordings-evidence-upload.md). The phone uploads
-- one piece a second; each piece's bytes live in the recording storage (a folder under DATA_DIR or an S3 bucket),
-- and its row here holds its SHA-256, taken by the server as the bytes arrived. Sealing (the phone finished and
-- every piece is in, or nothing arrived for a while) stores the signed manifest. Rows go with the account; the
-- retention job deletes the stored bytes and the rows `delete_at`.
CREATE TABLE recordings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('video', 'audio')),
  mime_type text NOT NULL,
  origin text NOT NULL CHECK (origin IN ('sos', 'active_alert', 'escort', 'escort_emergency')),
  -- No foreign keys: the alert and the escort belong to the same person and go with them.
  alert_id uuid,
  escort_session_id uuid,
  status text NOT NULL DEFAULT 'recording' CHECK (status IN ('recording', 'finished', 'cut_off')),
  contiguous_chunks integer NOT NULL DEFAULT 0,
  stored_chunks integer NOT NULL DEFAULT 0,
  declared_chunks integer,
  bytes bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  last_chunk_at timestamptz,
  ended_at timestamptz,
  delete_at timestamptz NOT NULL,
  -- The signed manifest (RecordingManifestSchema), written once when the recording is sealed.
  manifest jsonb,
  UNIQUE (user_id, client_id)
);
CREATE INDEX recordings_delete_at_idx ON recordings (delete_at);
CREATE INDEX recordings_open_idx ON recordings (started_at) WHERE status = 'recording';
CREATE INDEX recordings_alert_idx ON recordings (alert_id) WHERE alert_id IS NOT NULL;

CREATE TABLE recording_chunks (
  recording_id uuid NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  bytes integer NOT NULL CHECK (bytes >= 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (recording_id, seq)
);

-- Every playback grant: who was given a media URL, and when.
CREATE TABLE recording_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recording_id uuid NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  viewer text NOT NULL CHECK (viewer IN ('owner', 'guardian', 'share_link')),
  viewer_user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  share_link_id uuid REFERENCES share_links(id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL
);
CREATE INDEX recording_views_recording_idx ON recording_views (recording_id, viewed_at);
