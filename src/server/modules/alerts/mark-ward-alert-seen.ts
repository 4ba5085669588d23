/**
 * "Seen": a guardian acknowledges a ward's alert (POST /api/wards/alerts/:id/seen). Stored per alert and guardian
 * (migration 014), so all of that guardian's devices show the banner as seen, and other guardians of the same
 * ward are not affected. GET /api/wards/alerts answers it as `seen_at` (list-ward-alerts.ts).
 */
import type { AlertAcknowledgement } from '#shared/schemas/alert';
import type { AuthContext } from '../../http/access';
import { acknowledge } from './acknowledgement-repository';
import type { AlertDeps } from './alert-deps';
import { findAlertStamp } from './repository';

/**
 * Marks the alert seen by the caller and answers when (the first time counts). 404 unless the caller may watch
 * the alert's owner (an active guardian) and the alert was raised since they became one.
 */
export async function markWardAlertSeen(
  deps: AlertDeps,
  auth: AuthContext,
  alertId: string,
): Promise<AlertAcknowledgement> {
  const alert = await deps.access.require(auth, 'watch', () => findAlertStamp(deps.db, alertId));
  const { seenAt, inserted } = await acknowledge(deps.db, alertId, auth.userId, deps.clock.now());
  const acknowledgement = { alert_id: alertId, ward_id: alert.ownerId, seen_at: seenAt.toISOString() };
  if (inserted) deps.events.alertSeen({ guardianId: auth.userId, acknowledgement });
  return acknowledgement;
}
