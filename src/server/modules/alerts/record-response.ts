/**
 * Someone answers an alert: a guardian from the guardian view or a push notification's action, an emergency
 * contact from the page their text links to, or the primary contact pressing 1 on the escalation call. One
 * function for every channel, so each answer acknowledges the alert the same way.
 */
import type { AlertResponseKind } from '#shared/alert-life';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { AlertDeps } from './alert-deps';
import { alertStateOf } from './alert-state';
import { hiddenFromOwner } from './owner-view';
import * as repo from './repository';
import { listResponses, upsertResponse, type Responder } from './response-repository';
import { appendTimeline } from './timeline-repository';

/**
 * Stores the answer, acknowledges the alert (the first answer stops its escalation: the escalation job reads the
 * state before each step), adds it to the timeline and tells the person and their active guardians
 * (`alert.progress`). The caller has checked that the responder may answer this alert. Answers the progress, or
 * null when nothing changed: the same answer again, or an alert already resolved or gone.
 */
export async function recordResponse(
  deps: Pick<AlertDeps, 'db' | 'clock' | 'events'>,
  alertId: string,
  responder: Responder,
  response: AlertResponseKind,
): Promise<AlertProgress | null> {
  const now = deps.clock.now();
  const recorded = await deps.db.urgent.transaction(async (tx) => {
    const alert = await repo.lockAlert(tx, alertId);
    if (!alert || alert.resolved_at) return null;
    const { changed } = await upsertResponse(tx, alertId, responder, response, now);
    if (!changed) return null;
    const acknowledged = (await repo.markAcknowledged(tx, alertId, now)) ?? alert;
    const entry = await appendTimeline(tx, alertId, {
      kind: 'responded',
      at: now,
      actorName: responder.name,
      response,
    });
    const responses = (await listResponses(tx, [alertId])).get(alertId) ?? [];
    const progress: AlertProgress = {
      alert_id: alertId,
      state: alertStateOf(acknowledged),
      entry,
      responses,
    };
    return { ownerId: alert.user_id, progress, hidden: hiddenFromOwner(alert) };
  });
  if (!recorded) return null;
  deps.events.alertProgress({
    userId: recorded.ownerId,
    progress: recorded.progress,
    ...(recorded.hidden ? { audience: 'watchers' as const } : {}),
  });
  return recorded.progress;
}
