import { RECORDING_SERVER_TEXTS as TEXTS } from '#shared/recording-server-texts';
import type { FinishRecordingRequest, Recording } from '#shared/schemas/recording';
import { ERRORS } from '#shared/texts';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import { publishRecording } from './recording-events';
import type { RecordingDeps } from './recording-deps';
import { toRecording } from './recording-view';
import * as repo from './repository';
import { sealRecording } from './seal-recording';
import { ownerRows } from './upload-piece';

/**
 * `POST /api/recordings/:id/finish`: the phone stopped and says how many pieces it made. When every one of them
 * is in, the recording is sealed now (`finished`); otherwise it waits for the missing ones, and the piece that
 * completes it seals it, or the cut-off does if they never come. Saying the same count again is harmless; a
 * recording already sealed answers as it stands.
 */
export async function finishRecording(
  deps: RecordingDeps,
  auth: AuthContext,
  recordingId: string,
  input: FinishRecordingRequest,
): Promise<Recording> {
  const { db, access, clock } = deps;
  const { ownerId } = await access.require(auth, 'manage', () =>
    ownerRows(repo.findRecording(db, recordingId)),
  );
  const { row, sealed } = await db.transaction(async (tx) => {
    const locked = await repo.findRecording(tx, recordingId, true);
    if (!locked) throw new AppError('not_found', ERRORS.notFound);
    if (locked.status !== 'recording') return { row: locked, sealed: false };
    if (locked.declared_chunks !== null && locked.declared_chunks !== input.chunkCount) {
      throw new AppError('conflict', TEXTS.finishedDifferently);
    }
    const beyond = await repo.listChunks(tx, recordingId, input.chunkCount);
    if (beyond.length > 0) {
      throw new AppError('conflict', TEXTS.fewerThanStored);
    }
    const declared = (await repo.declareChunks(tx, recordingId, input.chunkCount))!;
    if (declared.contiguous_chunks < input.chunkCount) return { row: declared, sealed: false };
    const done = await sealRecording(tx, deps, declared, clock.now());
    return { row: done ?? declared, sealed: done !== undefined };
  });
  const recording = toRecording(row, await deps.profiles.findFullName(db, ownerId));
  if (sealed) {
    deps.signal.notify(recordingId);
    publishRecording(deps, recording);
  }
  return recording;
}
