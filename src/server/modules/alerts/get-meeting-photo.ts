import { ERRORS } from '#shared/texts';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import type { MeetingPhoto } from './alert-meeting';
import { findMeetingPhoto } from './meeting-repository';
import * as repo from './repository';

/**
 * GET /api/alerts/:id/meeting-photo: the photo of the meeting an alert carries, for the alert's owner (`manage`)
 * and the owner's active guardians (`watch`: an alert raised since they were approved), through the one access
 * policy. Anyone else, an alert without a photo and an id nobody has all answer the same 404.
 */
export async function getMeetingPhoto(
  deps: AlertDeps,
  auth: AuthContext,
  alertId: string,
): Promise<MeetingPhoto> {
  const stamp = await repo.findAlertStamp(deps.db, alertId);
  const action = stamp?.ownerId === auth.userId ? 'manage' : 'watch';
  await deps.access.require(auth, action, stamp);
  const photo = await findMeetingPhoto(deps.db, alertId);
  if (!photo) throw new AppError('not_found', ERRORS.notFound);
  return photo;
}
