import type { AlertDetail } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { queueAllClear } from './all-clear';
import { cancelEscalation } from './escalation-job';
import { concealAlerts, raiseDuressAlert } from './duress';
import { hiddenFromOwner } from './owner-view';
import * as repo from './repository';
import { appendTimeline } from './timeline-repository';

/**
 * "I'm safe" (POST /api/alerts/:id/resolve): ends the person's alert (resolved_at = now) and every earlier one of
 * theirs still open, cancels their unsent texts, queues one all-clear to each recipient they reached
 * (all-clear.ts) and tells their guardians (`alert.resolved`, per alert). Repeating it answers the alert as it
 * stands and changes nothing; 404 for anyone else's alert.
 */
export async function resolveAlert(
  deps: AlertDeps,
  auth: AuthContext,
  alertId: string,
  pin?: string,
): Promise<AlertDetail> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  // With a safety PIN set, "I'm safe" needs it; the duress PIN looks the same on the phone (duress.ts).
  const pinCheck = await deps.safetyPins.check(ownerId, pin);
  if (pinCheck.duress) {
    const detail = pinCheck.refusal ? null : await concealAlerts(deps, ownerId, alertId);
    await raiseDuressAlert(deps, ownerId, `duress:${alertId}`);
    if (!detail) throw pinCheck.refusal;
    return detail;
  }
  if (pinCheck.refusal) throw pinCheck.refusal;
  const lane = deps.db.urgent;
  const now = deps.clock.now();
  const { resolved, answer } = await lane.transaction(async (tx) => {
    const rows = await repo.resolveAlerts(tx, ownerId, alertId, now);
    const told = new Set<string>();
    for (const row of rows) {
      await queueAllClear(tx, deps.profiles, row, now, told);
      await cancelEscalation(tx, row.id, now);
      await appendTimeline(tx, row.id, { kind: 'resolved', at: now });
    }
    // The answer is read before the delivery job can see the all-clears: it always shows them just queued. Read
    // after the commit, it showed them sent whenever the job was quicker than the read, and the duress PIN's answer,
    // which shows them queued (owner-view.ts), could then be told apart from a real "I'm safe".
    const ended = rows.find((row) => row.id === alertId);
    return { resolved: rows, answer: ended ? await loadDetail(tx, ended) : null };
  });
  if (resolved.length > 0) deps.wakeDeliveries();
  for (const row of resolved) {
    const detail = await loadDetail(lane, row);
    // Ending a duress alert too (a real "I'm safe" ends every earlier alert): only guardians ever heard of it.
    const hidden = hiddenFromOwner(row);
    deps.events.alertResolved({
      userId: ownerId,
      alert: detail,
      ...(hidden ? { audience: 'watchers' } : {}),
    });
  }
  if (answer) return answer;
  // Already ended (a repeat, or an alert this person ended earlier): answered as it stands.
  const alert = await repo.findAlert(deps.db, ownerId, alertId);
  if (!alert) throw new AppError('not_found', ERRORS.notFound);
  return loadDetail(lane, alert);
}
