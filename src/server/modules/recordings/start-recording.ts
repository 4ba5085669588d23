import { guardianViewUrl } from '#shared/constants';
import { RECORDING_SERVER_TEXTS as TEXTS } from '#shared/recording-server-texts';
import type { PushPayload } from '#shared/schemas/push';
import type { Recording, StartRecordingRequest } from '#shared/schemas/recording';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { enqueueJobs } from '../../scheduler/jobs';
import { publishRecording } from './recording-events';
import type { RecordingDeps } from './recording-deps';
import { RECORDING_PUSH_JOB, type RecordingPushPayload } from './recording-push-job';
import { deletionTime, toRecording } from './recording-view';
import * as repo from './repository';

/**
 * `POST /api/recordings`: the phone names a recording (`clientId`) and starts it; the same name again answers the
 * recording it started (`created: false`), so a start retried after a lost answer is harmless. An alert or escort
 * it belongs to must be the caller's own (anyone else's answers 404, like an id nobody has). A new recording is
 * published (`recording.updated`, to the person and their active guardians); one started during an alert or an
 * escort also sends each active guardian with a subscribed browser a push, written as jobs in the same
 * transaction.
 */
export async function startRecording(
  deps: RecordingDeps,
  auth: AuthContext,
  input: StartRecordingRequest,
): Promise<{ recording: Recording; created: boolean }> {
  const { db, access, clock } = deps;
  const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
  if (input.alertId) {
    await access.require(auth, 'manage', async () => {
      const alert = await deps.alerts.findAlertFacts(db, input.alertId!);
      return alert && { ownerId: alert.userId };
    });
  }
  if (input.escortSessionId) {
    await access.require(auth, 'manage', async () => {
      const owner = await deps.escorts.findEscortOwner(db, input.escortSessionId!);
      return owner === undefined ? undefined : { ownerId: owner };
    });
  }
  const now = clock.now();
  const { row, created, pushes } = await db.transaction(async (tx) => {
    const inserted = await repo.insertRecording(tx, {
      userId: ownerId,
      clientId: input.clientId,
      type: input.type,
      mimeType: input.mimeType,
      origin: input.origin,
      alertId: input.alertId ?? null,
      escortSessionId: input.escortSessionId ?? null,
      startedAt: now,
      deleteAt: deletionTime(now, deps.retentionHours),
    });
    if (!inserted) {
      const existing = (await repo.findRecordingByClientId(tx, ownerId, input.clientId))!;
      return { row: existing, created: false, pushes: 0 };
    }
    const linked = inserted.alert_id !== null || inserted.escort_session_id !== null;
    const jobs = linked ? await pushJobs(tx, deps, inserted, now) : [];
    await enqueueJobs(tx, jobs, now);
    return { row: inserted, created: true, pushes: jobs.length };
  });
  const recording = toRecording(row, await deps.profiles.findFullName(db, ownerId));
  if (created) {
    if (pushes > 0) deps.wakeJobs(RECORDING_PUSH_JOB);
    publishRecording(deps, recording);
  }
  return { recording, created };
}

/** One push job per active guardian with a subscribed browser. */
async function pushJobs(
  tx: Queryable,
  deps: Pick<RecordingDeps, 'profiles' | 'pushSubscriptions'>,
  row: repo.RecordingRow,
  now: Date,
): Promise<Array<{ kind: string; key: string; dueAt: Date; payload: RecordingPushPayload }>> {
  const watching = await activeGuardianIds(tx, row.user_id);
  const guardians = [...(await deps.pushSubscriptions.usersWithSubscriptions(tx, watching))];
  if (guardians.length === 0) return [];
  const name = await deps.profiles.findFullName(tx, row.user_id);
  const push: PushPayload = {
    title: TEXTS.pushTitle(name),
    body: TEXTS.pushBody(name),
    url: guardianViewUrl(row.user_id),
    tag: `recording-${row.id}`,
  };
  return guardians.map((guardian) => ({
    kind: RECORDING_PUSH_JOB,
    key: `${row.id}:${guardian}`,
    dueAt: now,
    payload: { to: guardian, body: JSON.stringify(push), about: row.user_id },
  }));
}
