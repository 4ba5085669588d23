import { RECORDING } from '#shared/constants';
import { recordingKeys } from '../../adapters/storage/recording-storage';
import type { Queryable } from '../../db/database';
import { periodicJob } from '../../scheduler/periodic-job';
import { enqueueJobs, type JobHandler } from '../../scheduler/jobs';
import type { RetryPolicy } from '../../scheduler/retry-policy';
import { publishRecording } from './recording-events';
import type { RecordingDeps } from './recording-deps';
import { toRecording } from './recording-view';
import * as repo from './repository';
import { sealRecording } from './seal-recording';

export const CUT_OFF_JOB = 'recording-cut-off';
export const RETENTION_JOB = 'recording-retention';
export const PURGE_JOB = 'recording-purge';

/** How often open recordings are looked at for a phone that went quiet. */
export const CUT_OFF_EVERY_MS = 15_000;
/** How often recordings past their deletion time are deleted. */
export const RETENTION_EVERY_MS = 10 * 60_000;
const BATCH = 50;

/**
 * The cut-off: a recording no piece reached for `RECORDING.cutOffAfterSeconds` (the phone died, was smashed or
 * lost its connection for good) is sealed as it stands, up to its first missing piece. The row lock and the
 * status check make it once, whichever instance runs it, and a piece arriving meanwhile either gets in first or
 * is refused.
 */
export function cutOffJob(deps: RecordingDeps): JobHandler<null> {
  return periodicJob(CUT_OFF_JOB, CUT_OFF_EVERY_MS, deps.clock, async (now) => {
    const quietSince = new Date(now.getTime() - RECORDING.cutOffAfterSeconds * 1000);
    for (const id of await repo.findQuietRecordings(deps.db, quietSince, BATCH)) {
      const sealed = await deps.db.transaction(async (tx) => {
        const row = await repo.findRecording(tx, id, true);
        const lastHeard = row && (row.last_chunk_at ?? row.started_at);
        if (!row || row.status !== 'recording' || lastHeard!.getTime() > quietSince.getTime())
          return undefined;
        return sealRecording(tx, deps, row, now);
      });
      if (!sealed) continue;
      deps.signal.notify(id);
      publishRecording(deps, toRecording(sealed, await deps.profiles.findFullName(deps.db, sealed.user_id)));
    }
  });
}

/**
 * Retention: a recording is deleted `RECORDING_RETENTION_HOURS` after it ended (or after it started, if it was
 * never sealed): its stored bytes first, then its rows, so a failure half-way is finished by the next run.
 */
export function retentionJob(deps: RecordingDeps): JobHandler<null> {
  return periodicJob(RETENTION_JOB, RETENTION_EVERY_MS, deps.clock, async (now) => {
    for (const row of await repo.findExpiredRecordings(deps.db, now, BATCH)) {
      await deleteRecordingNow(deps, row);
    }
  });
}

/** Deletes a recording's bytes, then its rows, and tells the person and their guardians. */
export async function deleteRecordingNow(deps: RecordingDeps, row: repo.RecordingRow): Promise<void> {
  await deps.storage.deletePrefix(
    recordingKeys.ofRecording({ userId: row.user_id, type: row.type, clientId: row.client_id }),
  );
  const deleted = await repo.deleteRecordingRow(deps.db, row.id);
  deps.signal.notify(row.id);
  if (!deleted) return;
  const name = await deps.profiles.findFullName(deps.db, deleted.user_id);
  publishRecording(deps, toRecording(deleted, name), true);
}

/** A deleted account's stored bytes: retried for a day if the storage does not answer. */
const PURGE_RETRY: RetryPolicy = {
  backoffMs: [10_000, 60_000, 5 * 60_000, 30 * 60_000],
  jitter: 0.2,
  maxAttempts: 20,
  giveUpAfterMs: 24 * 3_600_000,
};

/**
 * Deleting an account: its recordings' rows go with the account (ON DELETE CASCADE), and this job, written in the
 * same transaction, deletes everything stored under the person's prefix right after the commit.
 */
export function purgeJob(deps: Pick<RecordingDeps, 'storage'>): JobHandler<null> {
  return {
    kind: PURGE_JOB,
    retry: PURGE_RETRY,
    leaseMs: 5 * 60_000,
    concurrency: 2,
    async attempt(job) {
      const userId = (job.payload as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'string') return { outcome: 'failed', error: 'Unreadable purge job' };
      await deps.storage.deletePrefix(recordingKeys.ofPerson(userId));
      return { outcome: 'done', value: null };
    },
  };
}

/** Writes the purge of a person's recordings into the transaction that deletes their account. */
export async function enqueuePurge(tx: Queryable, userId: string, now: Date): Promise<void> {
  await enqueueJobs(tx, [{ kind: PURGE_JOB, key: userId, dueAt: now, payload: { userId } }], now);
}
