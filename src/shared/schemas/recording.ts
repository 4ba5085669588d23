/**
 * Emergency recordings (docs/PRODUCT.md#emergency-recording): the phone records audio or video in 1-second pieces
 * and uploads each piece as soon as it exists, so what was recorded is on the server even if the phone is smashed
 * a second later. The server hashes each piece into a chain and signs the finished chain, so anyone can check that
 * a downloaded recording was not changed. Recordings are deleted `RECORDING.retentionHours` after they end.
 *
 * Routes (all under /api/recordings):
 * - `POST /` start (or return, when the same `clientId` was started before: a retried start is harmless)
 * - `PUT /:id/chunks/:seq` one piece, raw bytes (`application/octet-stream`); the same bytes again answer 200
 *   `duplicate: true`, different bytes for a stored piece answer 409 `conflict`; pieces may arrive in any order
 * - `POST /:id/finish` the phone stopped (or reached the maximum duration); the server signs once every piece
 *   up to `chunkCount` is in
 * - `GET /` the caller's own recordings; `GET /:id` one recording (owner, an active guardian of the owner, or the
 *   holder of a live share link for it)
 * - `GET /:id/manifest` the hash chain, its signature and the server's public key
 * - `POST /:id/playback` short-lived signed URLs a media element can use (it cannot send a bearer token)
 * - `GET /:id/media?expires&view&signature` the pieces so far, one after another, following new ones while recording
 * - `GET /:id/views` who watched (owner only)
 * - `DELETE /:id` the owner deletes it now
 *
 * A share link plays recordings without signing in while it is live: `GET /api/track/:shareCode` lists the
 * recordings it may play (those of the alert an SOS text carried it with, or the person's recordings made while a
 * link they shared is live), and `POST /api/track/:shareCode/recordings/:id/playback` and
 * `GET /api/track/:shareCode/recordings/:id/manifest` work as above. Every view is logged.
 */
import { z } from 'zod';
import { RECORDING } from '../constants';
import { IdSchema, TimestampSchema } from './common';

export const RecordingTypeSchema = z.enum(['video', 'audio']);
export type RecordingType = z.infer<typeof RecordingTypeSchema>;

/** What the recording was started from; an alert or a journey links it to what guardians are already watching. */
export const RecordingOriginSchema = z.enum(['sos', 'active_alert', 'escort', 'escort_emergency']);
export type RecordingOrigin = z.infer<typeof RecordingOriginSchema>;

/**
 * `recording`: pieces are still arriving. `finished`: the phone said it stopped and every piece is in; the chain is
 * signed. `cut_off`: no piece arrived for `RECORDING.cutOffAfterSeconds` (the phone died, was smashed or lost its
 * connection for good); what arrived is signed as it is, up to the first missing piece.
 */
export const RecordingStatusSchema = z.enum(['recording', 'finished', 'cut_off']);
export type RecordingStatus = z.infer<typeof RecordingStatusSchema>;

/** `rec_` and the phone's start time in milliseconds, as the phone names a recording before the server knows it. */
export const RecordingClientIdSchema = z
  .string()
  .regex(/^rec_\d{13}$/, 'Recording ID must be rec_ and 13 digits');

/** The container the browser records: WebM (Chromium, Firefox) or MP4 (Safari), with optional codec parameters. */
export const RecordingMimeTypeSchema = z
  .string()
  .max(100)
  .regex(
    /^(video|audio)\/(webm|mp4|ogg)(;\s*codecs=[A-Za-z0-9.,"\s-]+)?$/,
    'Recording format must be WebM, MP4 or Ogg audio or video',
  );

export const StartRecordingRequestSchema = z
  .object({
    clientId: RecordingClientIdSchema,
    type: RecordingTypeSchema,
    mimeType: RecordingMimeTypeSchema,
    origin: RecordingOriginSchema,
    /** The alert it belongs to (the SOS screen, the active-alert screen, an escort's emergency). */
    alertId: IdSchema.optional(),
    /** The escort session it belongs to. */
    escortSessionId: IdSchema.optional(),
  })
  .meta({
    example: { clientId: 'rec_1764120000000', type: 'video', mimeType: 'video/webm', origin: 'active_alert' },
  });
export type StartRecordingRequest = z.infer<typeof StartRecordingRequestSchema>;

export const RecordingSchema = z.object({
  id: IdSchema,
  client_id: RecordingClientIdSchema,
  user_id: IdSchema,
  /** The owner's name, for a guardian or a share-link holder watching it. */
  owner_name: z.string(),
  type: RecordingTypeSchema,
  mime_type: z.string(),
  origin: RecordingOriginSchema,
  alert_id: IdSchema.nullable(),
  escort_session_id: IdSchema.nullable(),
  status: RecordingStatusSchema,
  /** Pieces stored without a gap from the first one: what plays and what the chain covers. */
  contiguous_chunks: z.int().min(0),
  /** Pieces stored, gaps included. */
  stored_chunks: z.int().min(0),
  /** What the phone said when it finished; null until it did (and for a recording cut off before). */
  declared_chunks: z.int().min(0).nullable(),
  bytes: z.int().min(0),
  started_at: TimestampSchema,
  /** The newest piece's arrival. */
  last_chunk_at: TimestampSchema.nullable(),
  ended_at: TimestampSchema.nullable(),
  /** When the server deletes it (`RECORDING.retentionHours` after it ended, or after it started while recording). */
  delete_at: TimestampSchema,
  signed: z.boolean(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingListResponseSchema = z.object({ recordings: z.array(RecordingSchema) });

export const RecordingChunkParamsSchema = z.object({
  id: IdSchema,
  seq: z.coerce
    .number()
    .int()
    .min(0)
    .max(RECORDING.maxChunksPerRecording - 1),
});

export const ChunkReceiptSchema = z.object({
  seq: z.int().min(0),
  bytes: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The same bytes were already stored: nothing changed. */
  duplicate: z.boolean(),
  contiguous_chunks: z.int().min(0),
});
export type ChunkReceipt = z.infer<typeof ChunkReceiptSchema>;

export const FinishRecordingRequestSchema = z
  .object({
    /** How many pieces the phone made (seq 0 … chunkCount − 1). */
    chunkCount: z.int().min(0).max(RECORDING.maxChunksPerRecording),
    reason: z.enum(['stopped', 'auto_stopped', 'escort_ended']),
  })
  .meta({ example: { chunkCount: 42, reason: 'stopped' } });
export type FinishRecordingRequest = z.infer<typeof FinishRecordingRequestSchema>;

/**
 * One link of the chain: `chain` = SHA-256 of (previous `chain` as hex, then ":" seq ":" bytes ":" sha256). The
 * first link's previous value is SHA-256 of the recording id. Verifying recomputes every link from the file's
 * bytes cut at each piece's `bytes`.
 */
export const ManifestChunkSchema = z.object({
  seq: z.int().min(0),
  bytes: z.int().min(0),
  sha256: z.string(),
  chain: z.string(),
  received_at: TimestampSchema,
});

export const RecordingManifestSchema = z.object({
  recording_id: IdSchema,
  user_id: IdSchema,
  type: RecordingTypeSchema,
  mime_type: z.string(),
  started_at: TimestampSchema,
  ended_at: TimestampSchema.nullable(),
  status: RecordingStatusSchema,
  chunks: z.array(ManifestChunkSchema),
  chain_head: z.string().nullable(),
  /** Ed25519 over the canonical JSON of this object without `signature` and `public_key`; null until sealed. */
  signature: z.string().nullable(),
  /** The server's Ed25519 public key, SPKI PEM. */
  public_key: z.string(),
});
export type RecordingManifest = z.infer<typeof RecordingManifestSchema>;

/**
 * The query of a media URL, as `/playback` made it: when it stops working (seconds since the epoch), the logged
 * view it was granted as, and the server's signature over the recording, both of those and nothing else.
 */
export const RecordingMediaQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  view: IdSchema,
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Signature must be 43 letters, digits, dashes or underscores'),
});

/** `/api/track/:shareCode/recordings/:id/…`: a share code (a UUID, as on the tracking page) and a recording. */
export const TrackRecordingParamsSchema = z.object({ shareCode: IdSchema, id: IdSchema });

export const PlaybackResponseSchema = z.object({
  /** The whole recording so far, following new pieces while it records; valid until `expires_at`. */
  media_url: z.string(),
  expires_at: TimestampSchema,
});
export type PlaybackResponse = z.infer<typeof PlaybackResponseSchema>;

export const RecordingViewSchema = z.object({
  viewer: z.enum(['owner', 'guardian', 'share_link']),
  /** A guardian's name; null for the owner and for a share link. */
  viewer_name: z.string().nullable(),
  viewed_at: TimestampSchema,
});
export const RecordingViewListResponseSchema = z.object({ views: z.array(RecordingViewSchema) });
