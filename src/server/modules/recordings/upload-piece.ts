import { randomUUID } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RECORDING } from '#shared/constants';
import { RECORDING_SERVER_TEXTS as TEXTS } from '#shared/recording-server-texts';
import type { ChunkReceipt } from '#shared/schemas/recording';
import { ERRORS } from '#shared/texts';
import { exactly } from '../../adapters/storage/folder-storage';
import { recordingKeys } from '../../adapters/storage/recording-storage';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import { hashingStream } from './hashing';
import type { RecordingDeps } from './recording-deps';
import * as repo from './repository';
import { sealRecording } from './seal-recording';

export type PieceUpload = { recordingId: string; seq: number; body: Readable; bytes: number };
export type PieceOutcome = { receipt: ChunkReceipt; sealed: repo.RecordingRow | null };

const conflict = (message: string): AppError => new AppError('conflict', message);
const tooLarge = (message: string): AppError => new AppError('payload_too_large', message);

/**
 * One piece of a recording, `PUT /api/recordings/:id/chunks/:seq`. Idempotent by (recording, seq): the same
 * bytes again answer `duplicate: true` and change nothing, other bytes for a stored piece are refused (stored
 * pieces never change), pieces may come in any order. The body streams to storage through the SHA-256 as it
 * arrives (never buffered whole); only once all of it is stored does a row say the piece exists, so a connection
 * that dies half-way leaves no piece, and the phone simply sends it again. Two uploads of one piece racing each
 * other write different objects; the row insert decides which one stays.
 *
 * Limits, each counting only the caller's own uploads: a piece's size, the recording's bytes, the person's bytes.
 */
export async function uploadPiece(
  deps: RecordingDeps,
  auth: AuthContext,
  upload: PieceUpload,
): Promise<PieceOutcome> {
  const { db, access, storage } = deps;
  const row = await access.require(auth, 'manage', () =>
    ownerRows(repo.findRecording(db, upload.recordingId)),
  );
  if (upload.bytes > RECORDING.maxChunkBytes) throw tooLarge(TEXTS.pieceTooLarge);

  const stored = await repo.findChunk(db, row.id, upload.seq);
  if (stored) return repeatedPiece(upload, stored, row);
  refuseIfClosed(row, upload.seq);
  if (row.bytes + upload.bytes > RECORDING.maxBytesPerRecording) throw tooLarge(TEXTS.recordingFull);
  // Counted before the bytes are stored, so uploads in flight at once may pass it together: the person's total
  // can exceed the cap by at most those pieces (a few MB), never by a recording.
  if ((await repo.storedBytesOf(db, row.user_id)) + upload.bytes > RECORDING.maxBytesPerPerson) {
    throw tooLarge(TEXTS.personFull);
  }

  const key = recordingKeys.ofPiece(
    { userId: row.user_id, type: row.type, clientId: row.client_id },
    upload.seq,
    randomUUID().slice(0, 8),
  );
  const hashing = hashingStream();
  const arriving = pipeline(upload.body, hashing.stream);
  try {
    await Promise.all([storage.put(key, hashing.stream, upload.bytes), arriving]);
  } catch (error) {
    await arriving.catch(() => undefined);
    await forget(deps, key);
    throw error;
  }
  const { sha256, bytes } = hashing.digest();

  let outcome: PieceOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const locked = await repo.findRecording(tx, row.id, true);
      if (!locked) throw new AppError('not_found', ERRORS.notFound);
      const inserted = await repo.insertChunk(tx, row.id, {
        seq: upload.seq,
        bytes,
        sha256,
        storage_key: key,
        received_at: deps.clock.now(),
      });
      if (!inserted) {
        // Another upload of this piece got in first while this one arrived.
        const other = await repo.findChunk(tx, row.id, upload.seq);
        if (!other) throw conflict(TEXTS.pieceConflict);
        return repeatedPiece(upload, other, locked, sha256);
      }
      refuseIfClosed(locked, upload.seq);
      if (locked.bytes + bytes > RECORDING.maxBytesPerRecording) throw tooLarge(TEXTS.recordingFull);
      const contiguous = await repo.countContiguous(tx, row.id, locked.contiguous_chunks);
      const now = deps.clock.now();
      const updated = (await repo.notePiece(tx, row.id, { bytes, contiguous, at: now }))!;
      const complete =
        updated.declared_chunks !== null && updated.contiguous_chunks >= updated.declared_chunks;
      const sealed = complete ? ((await sealRecording(tx, deps, updated, now)) ?? null) : null;
      return {
        receipt: receiptOf(upload.seq, bytes, sha256, false, (sealed ?? updated).contiguous_chunks),
        sealed,
      };
    });
  } catch (error) {
    await forget(deps, key);
    throw error;
  }
  if (outcome.receipt.duplicate) await forget(deps, key);
  deps.signal.notify(row.id);
  return outcome;
}

/** Bytes for a piece already stored: the same ones change nothing; others are refused. */
async function repeatedPiece(
  upload: PieceUpload,
  stored: repo.ChunkRow,
  row: repo.RecordingRow,
  knownSha256?: string,
): Promise<PieceOutcome> {
  const sha256 = knownSha256 ?? (await hashOnly(upload.body, upload.bytes));
  if (sha256 !== stored.sha256) throw conflict(TEXTS.pieceConflict);
  return {
    receipt: receiptOf(stored.seq, stored.bytes, stored.sha256, true, row.contiguous_chunks),
    sealed: null,
  };
}

function refuseIfClosed(row: repo.RecordingRow, seq: number): void {
  if (row.status !== 'recording') throw conflict(TEXTS.recordingSealed);
  if (row.declared_chunks !== null && seq >= row.declared_chunks) throw conflict(TEXTS.pieceBeyondEnd);
}

async function hashOnly(body: Readable, bytes: number): Promise<string> {
  const hashing = hashingStream();
  const drain = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(body, exactly(bytes), hashing.stream, drain);
  return hashing.digest().sha256;
}

/** Removes an object no row points to (a refused or repeated upload); a failure only leaves it for retention. */
async function forget(deps: Pick<RecordingDeps, 'storage'>, key: string): Promise<void> {
  await deps.storage.delete(key).catch(() => undefined);
}

function receiptOf(
  seq: number,
  bytes: number,
  sha256: string,
  duplicate: boolean,
  contiguous: number,
): ChunkReceipt {
  return { seq, bytes, sha256, duplicate, contiguous_chunks: contiguous };
}

/** A recording as the access policy sees it: whose rows they are. */
export async function ownerRows(
  found: Promise<repo.RecordingRow | undefined>,
): Promise<(repo.RecordingRow & { ownerId: string }) | undefined> {
  const row = await found;
  return row && { ...row, ownerId: row.user_id };
}
