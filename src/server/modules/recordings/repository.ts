import type {
  RecordingManifest,
  RecordingOrigin,
  RecordingStatus,
  RecordingType,
} from '#shared/schemas/recording';
import { one, type Queryable } from '../../db/database';

export type RecordingRow = {
  id: string;
  user_id: string;
  client_id: string;
  type: RecordingType;
  mime_type: string;
  origin: RecordingOrigin;
  alert_id: string | null;
  escort_session_id: string | null;
  status: RecordingStatus;
  contiguous_chunks: number;
  stored_chunks: number;
  declared_chunks: number | null;
  bytes: number;
  started_at: Date;
  last_chunk_at: Date | null;
  ended_at: Date | null;
  delete_at: Date;
  manifest: RecordingManifest | null;
};

export type ChunkRow = {
  seq: number;
  bytes: number;
  sha256: string;
  storage_key: string;
  received_at: Date;
};

const COLUMNS = `id, user_id, client_id, type, mime_type, origin, alert_id, escort_session_id, status,
  contiguous_chunks, stored_chunks, declared_chunks, bytes, started_at, last_chunk_at, ended_at, delete_at, manifest`;

export type NewRecording = {
  userId: string;
  clientId: string;
  type: RecordingType;
  mimeType: string;
  origin: RecordingOrigin;
  alertId: string | null;
  escortSessionId: string | null;
  startedAt: Date;
  deleteAt: Date;
};

/** Inserts the recording; undefined when the person already has one with this `clientId` (a repeated start). */
export function insertRecording(db: Queryable, recording: NewRecording): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(
    db,
    `INSERT INTO recordings (user_id, client_id, type, mime_type, origin, alert_id, escort_session_id, started_at,
       delete_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id, client_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      recording.userId,
      recording.clientId,
      recording.type,
      recording.mimeType,
      recording.origin,
      recording.alertId,
      recording.escortSessionId,
      recording.startedAt,
      recording.deleteAt,
    ],
  );
}

export function findRecordingByClientId(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(db, `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 AND client_id = $2`, [
    userId,
    clientId,
  ]);
}

/** A recording by id alone (the policy then decides whether the caller may see it); `lock` for a change. */
export function findRecording(db: Queryable, id: string, lock = false): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(
    db,
    `SELECT ${COLUMNS} FROM recordings WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [id],
  );
}

/** The person's recordings, newest first. */
export async function listRecordings(db: Queryable, userId: string, limit: number): Promise<RecordingRow[]> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/** The person's recordings still being recorded (those a media stream may be following live). */
export async function listLiveRecordingIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM recordings WHERE user_id = $1 AND status = 'recording'",
    [userId],
  );
  return rows.map((row) => row.id);
}

/**
 * The recordings a share link may play, newest first: for a link an SOS text carried, those of its alert (linked
 * to it, or the one the SOS was raised with); for a link the person shared, those started while it was live.
 * Whether the link itself still lives is the access policy's question.
 */
export async function listRecordingsForLink(
  db: Queryable,
  link: { userId: string; createdAt: Date; expiresAt: Date; alertId: string | null },
  alertRecordingClientId: string | null,
  limit: number,
): Promise<RecordingRow[]> {
  const { rows } = link.alertId
    ? await db.query<RecordingRow>(
        `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 AND (alert_id = $2 OR client_id = $3)
         ORDER BY started_at DESC, id DESC LIMIT $4`,
        [link.userId, link.alertId, alertRecordingClientId, limit],
      )
    : await db.query<RecordingRow>(
        `SELECT ${COLUMNS} FROM recordings WHERE user_id = $1 AND started_at >= $2 AND started_at < $3
         ORDER BY started_at DESC, id DESC LIMIT $4`,
        [link.userId, link.createdAt, link.expiresAt, limit],
      );
  return rows;
}

/** Bytes the person has stored now, every recording together. */
export async function storedBytesOf(db: Queryable, userId: string): Promise<number> {
  const row = await one<{ bytes: number }>(
    db,
    'SELECT COALESCE(SUM(bytes), 0)::bigint AS bytes FROM recordings WHERE user_id = $1',
    [userId],
  );
  return row?.bytes ?? 0;
}

export function findChunk(db: Queryable, recordingId: string, seq: number): Promise<ChunkRow | undefined> {
  return one<ChunkRow>(
    db,
    'SELECT seq, bytes, sha256, storage_key, received_at FROM recording_chunks WHERE recording_id = $1 AND seq = $2',
    [recordingId, seq],
  );
}

/** Stores a piece's row; undefined when that piece is already stored (the caller compares). */
export function insertChunk(
  db: Queryable,
  recordingId: string,
  chunk: ChunkRow,
): Promise<ChunkRow | undefined> {
  return one<ChunkRow>(
    db,
    `INSERT INTO recording_chunks (recording_id, seq, bytes, sha256, storage_key, received_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (recording_id, seq) DO NOTHING
     RETURNING seq, bytes, sha256, storage_key, received_at`,
    [recordingId, chunk.seq, chunk.bytes, chunk.sha256, chunk.storage_key, chunk.received_at],
  );
}

/** Pieces in order, from `fromSeq` (inclusive) up to `toSeq` (exclusive) when given. */
export async function listChunks(
  db: Queryable,
  recordingId: string,
  fromSeq = 0,
  toSeq?: number,
): Promise<ChunkRow[]> {
  const { rows } = await db.query<ChunkRow>(
    `SELECT seq, bytes, sha256, storage_key, received_at FROM recording_chunks
     WHERE recording_id = $1 AND seq >= $2 AND ($3::integer IS NULL OR seq < $3)
     ORDER BY seq`,
    [recordingId, fromSeq, toSeq ?? null],
  );
  return rows;
}

/** How many pieces there are without a gap from seq 0, given that the first `known` are there. */
export async function countContiguous(db: Queryable, recordingId: string, known: number): Promise<number> {
  const { rows } = await db.query<{ seq: number }>(
    'SELECT seq FROM recording_chunks WHERE recording_id = $1 AND seq >= $2 ORDER BY seq',
    [recordingId, known],
  );
  let contiguous = known;
  for (const row of rows) {
    if (row.seq !== contiguous) break;
    contiguous += 1;
  }
  return contiguous;
}

/** A piece was stored: the counters move on. */
export function notePiece(
  db: Queryable,
  id: string,
  piece: { bytes: number; contiguous: number; at: Date },
): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(
    db,
    `UPDATE recordings SET stored_chunks = stored_chunks + 1, bytes = bytes + $2, contiguous_chunks = $3,
       last_chunk_at = $4
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, piece.bytes, piece.contiguous, piece.at],
  );
}

/** The phone said how many pieces it made. */
export function declareChunks(db: Queryable, id: string, count: number): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(
    db,
    `UPDATE recordings SET declared_chunks = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, count],
  );
}

/** Seals the recording: its end, its deletion time and its signed manifest. Only a recording still open. */
export function sealRecording(
  db: Queryable,
  id: string,
  seal: { status: RecordingStatus; endedAt: Date; deleteAt: Date; manifest: RecordingManifest },
): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(
    db,
    `UPDATE recordings SET status = $2, ended_at = $3, delete_at = $4, manifest = $5
     WHERE id = $1 AND status = 'recording' RETURNING ${COLUMNS}`,
    [id, seal.status, seal.endedAt, seal.deleteAt, JSON.stringify(seal.manifest)],
  );
}

/** Open recordings whose newest piece (or start) is older than `quietSince`: the phone is gone. */
export async function findQuietRecordings(db: Queryable, quietSince: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM recordings
     WHERE status = 'recording' AND COALESCE(last_chunk_at, started_at) <= $1
     ORDER BY started_at LIMIT $2`,
    [quietSince, limit],
  );
  return rows.map((row) => row.id);
}

/** Recordings due for deletion. */
export async function findExpiredRecordings(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<RecordingRow[]> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT ${COLUMNS} FROM recordings WHERE delete_at <= $1 ORDER BY delete_at LIMIT $2`,
    [now, limit],
  );
  return rows;
}

export function deleteRecordingRow(db: Queryable, id: string): Promise<RecordingRow | undefined> {
  return one<RecordingRow>(db, `DELETE FROM recordings WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
}

export type ViewRow = {
  id: string;
  viewer: 'owner' | 'guardian' | 'share_link';
  viewer_user_id: string | null;
  share_link_id: string | null;
  viewed_at: Date;
};

export async function insertView(
  db: Queryable,
  recordingId: string,
  view: Omit<ViewRow, 'id'>,
): Promise<ViewRow> {
  const row = await one<ViewRow>(
    db,
    `INSERT INTO recording_views (recording_id, viewer, viewer_user_id, share_link_id, viewed_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id, viewer, viewer_user_id, share_link_id, viewed_at`,
    [recordingId, view.viewer, view.viewer_user_id, view.share_link_id, view.viewed_at],
  );
  return row!;
}

export function findView(db: Queryable, recordingId: string, viewId: string): Promise<ViewRow | undefined> {
  return one<ViewRow>(
    db,
    `SELECT id, viewer, viewer_user_id, share_link_id, viewed_at FROM recording_views
     WHERE recording_id = $1 AND id = $2`,
    [recordingId, viewId],
  );
}

export async function listViews(db: Queryable, recordingId: string): Promise<ViewRow[]> {
  const { rows } = await db.query<ViewRow>(
    `SELECT id, viewer, viewer_user_id, share_link_id, viewed_at FROM recording_views
     WHERE recording_id = $1 ORDER BY viewed_at DESC, id DESC`,
    [recordingId],
  );
  return rows;
}
