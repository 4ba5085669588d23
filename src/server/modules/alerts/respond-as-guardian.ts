/**
 * A guardian answers a ward's alert: "I'm on my way" or "I'm calling them", from the guardian view (signed in) or
 * from the alert push's action button (the push's capability token, response-token.ts). Both end here, and both
 * answer through recordResponse, the one way any channel answers an alert.
 */
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import type { AnswerRequest } from '#shared/schemas/alert-life';
import type { RespondResult } from '#shared/schemas/alert-respond';
import { ERRORS } from '#shared/texts';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { alertStateOf } from './alert-state';
import { checkAnswerFits } from './drill-raise';
import { findDrill } from './drill-repository';
import { recordResponse } from './record-response';
import * as repo from './repository';
import { listResponses } from './response-repository';
import { listTimelines } from './timeline-repository';
import { verifyResponseToken } from './response-token';

type ChosenResponse = AnswerRequest['response'];

type RespondDeps = Pick<AlertDeps, 'db' | 'clock' | 'events' | 'access' | 'profiles'>;

/**
 * Records `guardianId`'s answer. 404 unless they actively guard the alert's owner and the alert was raised since
 * they became their guardian (the access policy's `watch`, as for "Seen"); 409 `conflict` once the alert has
 * ended. The same answer again changes nothing and tells nobody (`changed: false`).
 */
export async function respondAsGuardian(
  deps: RespondDeps,
  guardianId: string,
  alertId: string,
  response: ChosenResponse,
): Promise<RespondResult> {
  const { ownerId } = await deps.access.require({ userId: guardianId }, 'watch', () =>
    repo.findAlertStamp(deps.db, alertId),
  );
  if (response === 'acknowledged') {
    checkAnswerFits((await findDrill(deps.db, ownerId, alertId)) !== undefined, response);
  }
  const names = await deps.profiles.findFullNames(deps.db, [guardianId]);
  const name = names.get(guardianId) || ALERT_RESPONSE_TEXTS.unnamedGuardian;
  const progress = await recordResponse(deps, alertId, { kind: 'guardian', guardianId, name }, response);
  if (progress) {
    deps.events.guardianAnswered({ guardianId, answer: { ...progress, my_response: response } });
    return { ...progress, changed: true, my_response: response };
  }
  // Nothing changed: the same answer again, or the alert ended (or went) meanwhile.
  const alert = await repo.findAlert(deps.db, ownerId, alertId);
  if (!alert) throw new AppError('not_found', ERRORS.notFound);
  if (alert.resolved_at) throw new AppError('conflict', ALERT_RESPONSE_TEXTS.alertEnded);
  const responses = (await listResponses(deps.db, [alertId])).get(alertId) ?? [];
  const timeline = (await listTimelines(deps.db, [alertId])).get(alertId) ?? [];
  const entry = timeline.at(-1);
  if (!entry) throw new AppError('not_found', ERRORS.notFound);
  return {
    alert_id: alertId,
    state: alertStateOf(alert),
    entry,
    responses,
    changed: false,
    my_response: response,
  };
}

/**
 * The push action's answer: the token names the guardian and the alert. A token this server did not make (forged,
 * altered, for another key) answers 404 like an alert nobody has, and reaches no database row.
 */
export async function respondWithPushToken(
  deps: RespondDeps & { responseKey: string },
  token: string,
  response: ChosenResponse,
): Promise<RespondResult> {
  const named = verifyResponseToken(deps.responseKey, token);
  if (!named) throw new AppError('not_found', ERRORS.notFound);
  return respondAsGuardian(deps, named.guardianId, named.alertId, response);
}
