import type { RaiseAlertResponse } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { raiseAlert } from './raise-alert';
import type { RaiseAlertInput } from './raise-input';
import * as repo from './repository';

/**
 * What both SOS endpoints do: raise, wait (bounded) for the first attempt of each text that was due at once, and
 * answer the alert as it then stands with what the request did.
 */
export async function raiseAndReport(deps: AlertDeps, input: RaiseAlertInput): Promise<RaiseAlertResponse> {
  const { alertId, outcome, textsDueBy } = await raiseAlert(deps, input);
  await waitForFirstAttempts(deps, alertId, textsDueBy);
  const alert = await repo.findAlert(deps.db.urgent, input.userId, alertId);
  if (!alert) throw new AppError('not_found', ERRORS.notFound);
  return { ...(await loadDetail(deps.db.urgent, alert)), outcome };
}

/**
 * Waits until every text that was due when the alert was raised has finished its first attempt, or the wait
 * runs out. Real time, not the Clock: this bounds how long an HTTP request stays open. Any instance may do the
 * sending, so the truth is read from the database; the local signal only saves polling delay.
 */
async function waitForFirstAttempts(deps: AlertDeps, alertId: string, dueBy: Date): Promise<void> {
  const deadline = Date.now() + deps.firstAttemptWaitMs;
  while ((await repo.countAwaitingFirstAttempt(deps.db.urgent, alertId, dueBy)) > 0) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return;
    await deps.changes.wait(Math.min(remaining, 250));
  }
}
