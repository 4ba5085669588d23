import { Readable } from 'node:stream';
import { RECORDING } from '#shared/constants';
import { RECORDING_SERVER_TEXTS as TEXTS } from '#shared/recording-server-texts';
import { AppError } from '../../http/app-error';
import type { RecordingDeps } from './recording-deps';
import * as repo from './repository';
import { readableRecording, type Viewer } from './viewer-access';

/** How often an open media stream looks at the database for pieces another instance stored. */
export const MEDIA_POLL_MS = 1000;

export type MediaQuery = { id: string; expires: number; view: string; signature: string };

export type MediaAnswer = {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
};

/**
 * `GET /api/recordings/:id/media?expires&view&signature`: the recording's pieces without a gap from the first,
 * one after another (the recorder's pieces of one recording join into one file). While the recording is still
 * `recording` the answer stays open and each new piece is appended as it arrives, which a browser's `<video>`
 * plays as a growing WebM; it ends once the recording is sealed or deleted, or when the client goes away.
 *
 * The URL itself is the permission, for `RECORDING.playbackUrlMinutes`: its HMAC signature covers the recording,
 * the expiry and the logged view it was granted as. A forged or expired signature answers 403 `forbidden` before
 * the database is asked anything (so it cannot tell whether a recording exists), and the player knows to ask
 * for a new URL; the viewer's access is then asked again (a guardian whose link ended, a share link revoked: the
 * policy's refusal), and again at every poll of a live stream.
 *
 * A sealed recording answers a single `Range: bytes=a-b` with 206 (Safari asks for one before it plays). A live
 * one ignores `Range` and answers from the first byte.
 */
export async function openMedia(
  deps: RecordingDeps,
  query: MediaQuery,
  rangeHeader: string | undefined,
  clientGone: AbortSignal,
): Promise<MediaAnswer> {
  const grant = { recordingId: query.id, expires: query.expires, viewId: query.view };
  if (!deps.keys.playbackSignatureMatches(grant, query.signature)) {
    throw new AppError('forbidden', TEXTS.playbackInvalid);
  }
  if (query.expires * 1000 <= deps.clock.now().getTime())
    throw new AppError('forbidden', TEXTS.playbackExpired);
  const view = await repo.findView(deps.db, query.id, query.view);
  if (!view) throw new AppError('forbidden', TEXTS.playbackInvalid);
  const viewer = await viewerOf(deps, view);
  const row = await readableRecording(deps, viewer, query.id);

  const headers: Record<string, string> = {
    'content-type': row.mime_type,
    'x-content-type-options': 'nosniff',
  };
  if (row.status === 'recording') {
    return {
      status: 200,
      headers: { ...headers, 'accept-ranges': 'none' },
      body: Readable.from(livePieces(deps, row, view, clientGone)),
    };
  }
  const pieces = await repo.listChunks(deps.db, row.id, 0, row.contiguous_chunks);
  const total = pieces.reduce((sum, piece) => sum + piece.bytes, 0);
  const range = parseRange(rangeHeader, total);
  if (range === 'unsatisfiable') {
    throw new AppError('validation_failed', 'Range must lie within the recording', { field: 'range' });
  }
  const window = range ?? { start: 0, end: total - 1 };
  return {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'accept-ranges': 'bytes',
      'content-length': String(Math.max(0, window.end - window.start + 1)),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${total}` } : {}),
    },
    body: Readable.from(sealedPieces(deps, pieces, window)),
  };
}

/** Who a logged view was granted to, as the access policy sees them now. */
async function viewerOf(deps: RecordingDeps, view: repo.ViewRow): Promise<Viewer> {
  if (view.viewer === 'share_link') {
    const link = view.share_link_id && (await deps.shareLinks.findLinkById(deps.db, view.share_link_id));
    if (!link) throw new AppError('forbidden', TEXTS.playbackInvalid);
    return { link };
  }
  if (!view.viewer_user_id) throw new AppError('forbidden', TEXTS.playbackInvalid);
  return { userId: view.viewer_user_id };
}

/** The bytes `window` covers of a sealed recording's pieces. */
async function* sealedPieces(
  deps: Pick<RecordingDeps, 'storage'>,
  pieces: readonly repo.ChunkRow[],
  window: { start: number; end: number },
): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const piece of pieces) {
    const [from, to] = [offset, offset + piece.bytes - 1];
    offset += piece.bytes;
    if (to < window.start || piece.bytes === 0) continue;
    if (from > window.end) return;
    const start = Math.max(window.start, from) - from;
    const end = Math.min(window.end, to) - from;
    const whole = start === 0 && end === piece.bytes - 1;
    yield* await readPiece(deps, piece.storage_key, whole ? undefined : { start, end });
  }
}

/**
 * Every piece so far, then each new one as it is stored, until the recording is sealed or deleted, or its viewer
 * may no longer watch it. The viewer is read again each time (a share link revoked since the stream opened).
 */
async function* livePieces(
  deps: RecordingDeps,
  first: repo.RecordingRow,
  view: repo.ViewRow,
  clientGone: AbortSignal,
): AsyncGenerator<Buffer> {
  let row: repo.RecordingRow | undefined = first;
  let next = 0;
  while (row && !clientGone.aborted) {
    for (const piece of await repo.listChunks(deps.db, row.id, next, row.contiguous_chunks)) {
      if (piece.bytes > 0) yield* await readPiece(deps, piece.storage_key);
      next = piece.seq + 1;
    }
    if (row.status !== 'recording') return;
    await deps.signal.wait(row.id, MEDIA_POLL_MS, clientGone);
    if (clientGone.aborted) return;
    // Still theirs to watch? (A guardian's link ended, a share link revoked, the recording deleted.)
    const id: string = row.id;
    row = await viewerOf(deps, view)
      .then((viewer) => readableRecording(deps, viewer, id))
      .catch(() => undefined);
  }
}

async function readPiece(
  deps: Pick<RecordingDeps, 'storage'>,
  key: string,
  range?: { start: number; end: number },
): Promise<AsyncIterable<Buffer>> {
  return (await deps.storage.read(key, range)) as AsyncIterable<Buffer>;
}

/**
 * A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `total` bytes; null for none (or one this server
 * does not serve, such as several ranges: the whole file then), `unsatisfiable` for one outside the file.
 */
export function parseRange(
  header: string | undefined,
  total: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || total === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(first);
  const end = last === '' ? total - 1 : Math.min(Number(last), total - 1);
  if (start >= total || end < start) return 'unsatisfiable';
  return { start, end };
}

/** When a playback URL granted now stops working, in seconds since the epoch. */
export function playbackExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + RECORDING.playbackUrlMinutes * 60;
}
