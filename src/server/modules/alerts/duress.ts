/**
 * The duress PIN (docs/decisions/042-safety-pin-and-duress.md). Entered wherever the safety PIN is asked, it looks
 * on the person's phone exactly like the safety PIN, while the server silently raises the duress alert to every
 * contact and guardian. Here:
 *  - `raiseDuressAlert`: through the one pipeline (raise-alert.ts), trigger `duress`, its own alert (it never joins
 *    another and is never refused for the person's alerts per hour), to guardians even without contacts. Never
 *    throws: nothing about it may reach the phone.
 *  - `concealAlerts`: the duress PIN's "I'm safe". The alert (and every earlier one the phone shows active) is not
 *    resolved: no all-clear, escalation goes on, guardians still see it active. Only the person's own reads show it
 *    ended (owner-view.ts), and only their own devices hear `alert.resolved`.
 */
import type { AlertDetail } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { ownerViewOf } from './owner-view';
import { raiseAlert } from './raise-alert';
import * as repo from './repository';

export async function raiseDuressAlert(
  deps: AlertDeps,
  userId: string,
  idempotencyKey: string,
): Promise<void> {
  try {
    await raiseAlert(deps, { userId, triggerType: 'duress', idempotencyKey, guardiansSuffice: true });
  } catch (error) {
    deps.log.error({ err: error }, 'the duress alert could not be raised');
  }
}

/** Answers the alert as the owner now sees it: ended, exactly as "I'm safe" answers. 404 for anyone else's. */
export async function concealAlerts(deps: AlertDeps, ownerId: string, alertId: string): Promise<AlertDetail> {
  const lane = deps.db.urgent;
  const concealed = await repo.concealAlerts(lane, ownerId, alertId, deps.clock.now());
  const alert =
    concealed.find((row) => row.id === alertId) ?? (await repo.findAlert(deps.db, ownerId, alertId));
  if (!alert) throw new AppError('not_found', ERRORS.notFound);
  for (const row of concealed) {
    const detail = ownerViewOf(row, await loadDetail(lane, row));
    deps.events.alertResolved({ userId: ownerId, alert: detail, audience: 'owner' });
  }
  return ownerViewOf(alert, await loadDetail(lane, alert), concealed.length > 0);
}
