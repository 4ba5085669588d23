/**
 * # Alerts: where an SOS is sent, and what happens if the server dies halfway
 *
 * Both triggers — POST /api/alerts (the SOS button, a quick message; create-alert.ts) and POST
 * /api/send-emergency-sms (send-emergency-sms.ts) — call `raiseAlert`, and so does a journey's deadline
 * (modules/journeys, with a key derived from the journey). In ONE transaction (on the database capacity reserved
 * for the SOS path; raise-alert.ts) it writes the alert (or joins the person's open one: a repeated SOS never
 * makes a second alert nor texts anyone twice), one `alert_deliveries` row per recipient (a text to each
 * contact's number, normalised and de-duplicated, and a push to each active guardian with a subscribed browser)
 * and one job per delivery in the job table. Nothing is sent inside that transaction. After the commit the delivery job (delivery-job.ts) is woken; the HTTP
 * request then waits (bounded, ALERT_FIRST_ATTEMPT_WAIT_MS) for the first attempt of each text that was due at
 * once and answers with the statuses it has.
 *
 * If the server dies…
 * - before the commit: there is no alert. The phone got no answer and retries with the same Idempotency-Key
 *   (the same key with a different request is refused with 422 `idempotency_key_reused`).
 * - after the commit, before sending: the jobs are pending. Any instance's next poll (every second, and at
 *   start-up) sends them. A retried request with the same key returns the same alert and writes nothing new.
 * - during a send, or after the provider accepted but before the outcome was recorded: the job's lease runs out
 *   and another poll tries again. That attempt first asks the provider whether the text already went (Twilio's
 *   message list, matched by the reference each text carries; delivery-job.ts) and records it as sent if so; the
 *   dev outbox stores a delivery once however often it is asked.
 * - while recording: the outcome and the job's settlement are one transaction fenced by the attempt number, so
 *   a stale worker whose lease ran out can never overwrite a newer outcome.
 * A delivery whose every attempt died with its worker is failed by the job runner, so nothing loops forever.
 * The same key never makes two alerts (unique index), and one alert never reaches a recipient twice on one
 * channel with the same purpose (unique (alert_id, purpose, channel, recipient)).
 *
 * "I'm safe" (`resolveAlert`, resolve-alert.ts) ends the alert in one transaction with its follow-ups: unsent
 * alert texts are cancelled and everyone the alert reached gets an all-clear through this same pipeline
 * (all-clear.ts).
 *
 * Each operation is one file taking the module's dependencies (alert-deps.ts); this file binds them.
 */
import type {
  AlertAcknowledgement,
  AlertDetail,
  AlertListQuery,
  AlertListResponse,
  RaiseAlertResponse,
  SendEmergencySmsResponse,
  WardAlertListResponse,
} from '#shared/schemas/alert';
import type { AnswerRequest, RespondRequest } from '#shared/schemas/alert-life';
import type { RespondResult } from '#shared/schemas/alert-respond';
import type { AuthContext } from '../../http/access';
import type { AlertDeps } from './alert-deps';
import { createAlert, type CreateAlertInput } from './create-alert';
import { getAlert } from './get-alert';
import { getMeetingPhoto } from './get-meeting-photo';
import type { MeetingPhoto } from './alert-meeting';
import { listAlerts } from './list-alerts';
import { listWardAlerts } from './list-ward-alerts';
import { markWardAlertSeen } from './mark-ward-alert-seen';
import { raiseAlert } from './raise-alert';
import type { RaiseAlertInput, RaisedAlert } from './raise-input';
import { raiseDuressAlert } from './duress';
import { resolveAlert } from './resolve-alert';
import { respondAsGuardian, respondWithPushToken } from './respond-as-guardian';
import { sendEmergencySms, type SendEmergencySmsInput } from './send-emergency-sms';

export type AlertService = {
  /** A raise from inside the server (a journey's deadline); see raise-alert.ts. */
  raiseAlert(input: RaiseAlertInput): Promise<RaisedAlert>;
  createAlert(
    auth: AuthContext,
    input: CreateAlertInput,
    idempotencyKey?: string,
  ): Promise<RaiseAlertResponse>;
  sendEmergencySms(
    auth: AuthContext,
    input: SendEmergencySmsInput,
    idempotencyKey?: string,
  ): Promise<SendEmergencySmsResponse>;
  listAlerts(auth: AuthContext, query?: AlertListQuery): Promise<AlertListResponse>;
  getAlert(auth: AuthContext, alertId: string): Promise<AlertDetail>;
  /** The photo of the meeting the alert carries: the owner's and their active guardians' alone. */
  getMeetingPhoto(auth: AuthContext, alertId: string): Promise<MeetingPhoto>;
  resolveAlert(auth: AuthContext, alertId: string, pin?: string): Promise<AlertDetail>;
  /** The duress PIN entered elsewhere (a journey's end, a countdown's cancel): the duress alert, silently. */
  raiseDuressAlert(userId: string, idempotencyKey: string): Promise<void>;
  listWardAlerts(auth: AuthContext): Promise<WardAlertListResponse>;
  markWardAlertSeen(auth: AuthContext, alertId: string): Promise<AlertAcknowledgement>;
  /** A guardian's "I'm on my way" / "I'm calling them" (respond-as-guardian.ts). */
  respondToWardAlert(
    auth: AuthContext,
    alertId: string,
    response: AnswerRequest['response'],
  ): Promise<RespondResult>;
  /** The same answer from the alert push's action button, with the token the push carried. */
  respondWithPushToken(token: string, response: RespondRequest['response']): Promise<RespondResult>;
};

export function createAlertService(deps: AlertDeps): AlertService {
  return {
    raiseAlert: (input) => raiseAlert(deps, input),
    createAlert: (auth, input, key) => createAlert(deps, auth, input, key),
    sendEmergencySms: (auth, input, key) => sendEmergencySms(deps, auth, input, key),
    listAlerts: (auth, query) => listAlerts(deps, auth, query),
    getAlert: (auth, alertId) => getAlert(deps, auth, alertId),
    getMeetingPhoto: (auth, alertId) => getMeetingPhoto(deps, auth, alertId),
    resolveAlert: (auth, alertId, pin) => resolveAlert(deps, auth, alertId, pin),
    raiseDuressAlert: (userId, key) => raiseDuressAlert(deps, userId, key),
    listWardAlerts: (auth) => listWardAlerts(deps, auth),
    markWardAlertSeen: (auth, alertId) => markWardAlertSeen(deps, auth, alertId),
    respondToWardAlert: (auth, alertId, response) => respondAsGuardian(deps, auth.userId, alertId, response),
    respondWithPushToken: (token, response) => respondWithPushToken(deps, token, response),
  };
}
