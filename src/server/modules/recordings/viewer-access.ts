import type { Caller, Person } from '../../access/policy';
import type { Queryable } from '../../db/database';
import type { LinkFacts } from './ports';
import type { RecordingDeps } from './recording-deps';
import * as repo from './repository';

/** Who is looking at a recording: a signed-in person (the owner, a guardian), or a share link's holder. */
export type Viewer = Person | { link: LinkFacts };

type Rows = repo.RecordingRow & { ownerId: string };

/**
 * The recording, when `viewer` may read it (through the one access policy): the owner; an active guardian of the
 * owner (`read`, access/guardian-rule.ts); the holder of a live share link that may play it (`linkMayPlay`).
 * Anyone else gets the policy's 404 (410 for a link that was revoked or ran out).
 */
export async function readableRecording(
  deps: Pick<RecordingDeps, 'db' | 'access' | 'alerts'>,
  viewer: Viewer,
  recordingId: string,
): Promise<Rows> {
  const { db, access } = deps;
  const find = async (): Promise<Rows | undefined> => {
    const row = await repo.findRecording(db, recordingId);
    if (!row) return undefined;
    if ('link' in viewer && !(await linkMayPlay(deps, db, viewer.link, row))) return undefined;
    return { ...row, ownerId: row.user_id };
  };
  return access.require(callerOf(viewer), 'read', find);
}

function callerOf(viewer: Viewer): Caller {
  if (!('link' in viewer)) return viewer;
  const { userId, isActive, expiresAt } = viewer.link;
  return { shareLink: { ownerId: userId, isActive, expiresAt } };
}

/**
 * Which recordings a share link plays. A link an SOS text carried: the recordings of that alert (linked to it, or
 * the one the SOS was raised with), while the alert is active, as its positions are (ending the alert ends what
 * its text exposes). A link the person shared: their recordings started while it was live.
 */
export async function linkMayPlay(
  deps: Pick<RecordingDeps, 'alerts'>,
  db: Queryable,
  link: LinkFacts,
  row: repo.RecordingRow,
): Promise<boolean> {
  if (row.user_id !== link.userId) return false;
  if (!link.alertId) {
    return row.started_at >= link.createdAt && row.started_at < link.expiresAt;
  }
  const alert = await deps.alerts.findAlertFacts(db, link.alertId);
  if (!alert || alert.userId !== link.userId || alert.resolvedAt) return false;
  return row.alert_id === link.alertId || (alert.recordingClientId ?? null) === row.client_id;
}

/** The recordings a link plays, newest first (the tracking page's list). */
export async function recordingsForLink(
  deps: Pick<RecordingDeps, 'alerts'>,
  db: Queryable,
  link: LinkFacts,
  limit: number,
): Promise<repo.RecordingRow[]> {
  if (!link.alertId) return repo.listRecordingsForLink(db, link, null, limit);
  const alert = await deps.alerts.findAlertFacts(db, link.alertId);
  if (!alert || alert.userId !== link.userId || alert.resolvedAt) return [];
  return repo.listRecordingsForLink(db, link, alert.recordingClientId, limit);
}
