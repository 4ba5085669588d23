/**
 * # Alerts: where an SOS is sent, and what happens if the server dies halfway
 *
 * Both triggers — POST /api/alerts (the SOS button, a quick message) and POST /api/send-emergency-sms — call
 * `raiseAlert`, and so does a journey's deadline (modules/journeys, with a key derived from the journey). In ONE
 * transaction (on the database capacity reserved for the SOS path; raise-alert.ts) it writes the alert (or joins
 * the person's open one: a repeated SOS never makes a second alert nor texts anyone twice), one
 * `alert_deliveries` row per recipient (a text to each contact's number, normalised and de-duplicated, and
 * a push to each active guardian with a subscribed browser) and one job per delivery in the job table. Nothing
 * is sent inside that transaction. After the commit the delivery job (delivery-job.ts) is woken; the HTTP
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
 * "I'm safe" (`resolveAlert`) ends the alert in one transaction with its follow-ups: unsent alert texts are
 * cancelled and everyone the alert reached gets an all-clear through this same pipeline (all-clear.ts).
 */
import type { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import type {
  AlertDetail,
  AlertListQuery,
  AlertListResponse,
  CreateAlertRequestSchema,
  RaiseAlertResponse,
  SendEmergencySmsRequestSchema,
  SendEmergencySmsResponse,
  WardAlertListResponse,
} from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import type { AlertEvents } from './alert-events';
import type { ChangeSignal } from './change-signal';
import { queueAllClear } from './all-clear';
import { raiseInTransaction, type RaiseAlertInput, type RaisedAlert } from './raise-alert';
import type { AlertPorts } from './ports';
import * as repo from './repository';
import { requestHash } from './request-hash';
import { seenAtOf } from './ward-alert-seen';

export type CreateAlertInput = z.output<typeof CreateAlertRequestSchema>;
export type SendEmergencySmsInput = z.output<typeof SendEmergencySmsRequestSchema>;

export type { RaiseAlertInput, RaisedAlert } from './raise-alert';

export type AlertService = {
  /**
   * Writes an alert, its deliveries and their jobs, and wakes the delivery job (raise-alert.ts): or finds the
   * alert of a repeated key, or joins the person's open alert. 400 without any contact; 429 past the person's
   * new alerts per hour.
   */
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
  /** The person's latest alerts; with `status: 'active'`, only those they have not ended ("I'm safe"). */
  listAlerts(auth: AuthContext, query?: AlertListQuery): Promise<AlertListResponse>;
  /**
   * The recent alerts (the last WARD_ACTIVITY.retentionHours) of everyone the caller actively guards, each only
   * from when that guardian was approved: what the guardian view shows in a window that missed the live events.
   */
  listWardAlerts(auth: AuthContext): Promise<WardAlertListResponse>;
  getAlert(auth: AuthContext, alertId: string): Promise<AlertDetail>;
  /**
   * "I'm safe": ends the person's alert (resolved_at = now) and every earlier one of theirs still open, cancels
   * their unsent texts, queues one all-clear to each recipient they reached (all-clear.ts) and tells their
   * guardians (`alert.resolved`, per alert). Repeating it answers the alert as it stands and changes nothing; 404
   * for anyone else's alert.
   */
  resolveAlert(auth: AuthContext, alertId: string): Promise<AlertDetail>;
};

export type AlertServiceDeps = AlertPorts & {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  events: AlertEvents;
  /** Tells waiting requests that a delivery changed (the delivery job calls `notify`). */
  changes: ChangeSignal;
  /** Asks the delivery job to look for due deliveries now. */
  wakeDeliveries: () => void;
  firstAttemptWaitMs: number;
  /** Where the live-tracking link in a text points (http/public-origin.ts). */
  origin: string;
  /** SMS_GLOBAL_MAX_PER_HOUR: the breaker on all accounts' alert texts per clock hour (sms-caps.ts). */
  smsGlobalMaxPerHour: number;
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
};

const LIST_LIMIT = 50;

export function createAlertService(deps: AlertServiceDeps): AlertService {
  const { db, clock } = deps;
  // The SOS path's reads and writes use the reserved capacity: location uploads never stand in their way.
  const lane = db.urgent;

  /** Each alert with its deliveries (one query for all of them), in the order given. */
  const loadDetails = async (alerts: repo.AlertRow[]): Promise<AlertDetail[]> => {
    const deliveries = await repo.listDeliveries(
      lane,
      alerts.map((alert) => alert.id),
    );
    return alerts.map((alert) =>
      detailOf(alert, deliveries.filter((d) => d.alert_id === alert.id).map(repo.toDelivery)),
    );
  };
  const loadDetail = async (alert: repo.AlertRow): Promise<AlertDetail> => (await loadDetails([alert]))[0]!;

  /**
   * Waits until every text that was due when the alert was raised has finished its first attempt, or the wait
   * runs out. Real time, not the Clock: this bounds how long an HTTP request stays open. Any instance may do the
   * sending, so the truth is read from the database; the local signal only saves polling delay.
   */
  const waitForFirstAttempts = async (alertId: string, dueBy: Date): Promise<void> => {
    const deadline = Date.now() + deps.firstAttemptWaitMs;
    while ((await repo.countAwaitingFirstAttempt(lane, alertId, dueBy)) > 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return;
      await deps.changes.wait(Math.min(remaining, 250));
    }
  };

  const raiseAlert = async (input: RaiseAlertInput): Promise<RaisedAlert> => {
    const now = clock.now();
    const raise = { ...deps, globalMaxPerHour: deps.smsGlobalMaxPerHour };
    const result = await lane.transaction((tx) => raiseInTransaction(tx, raise, input, now));
    if (result.queued > 0) deps.wakeDeliveries();
    if (result.outcome === 'created') emitRaised(input.userId, result.alert);
    return { alertId: result.alert.id, outcome: result.outcome, textsDueBy: result.textsDueBy };
  };

  const emitRaised = (userId: string, alert: repo.AlertRow): void => {
    loadDetail(alert)
      .then((detail) => deps.events.alertRaised({ userId, alert: detail }))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'alert event listener failed'));
  };

  /** Raises, waits for first attempts, answers the alert as it now stands and what the request did. */
  const raiseAndReport = async (input: RaiseAlertInput): Promise<RaiseAlertResponse> => {
    const { alertId, outcome, textsDueBy } = await raiseAlert(input);
    await waitForFirstAttempts(alertId, textsDueBy);
    const alert = await repo.findAlert(lane, input.userId, alertId);
    if (!alert) throw new AppError('not_found', ERRORS.notFound);
    return { ...(await loadDetail(alert)), outcome };
  };

  return {
    raiseAlert,

    async createAlert(auth, input, idempotencyKey) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      // A replay from the device outbox says how long ago the SOS was raised; it is still the same request.
      const { raisedSecondsAgo: _replayed, ...asked } = input;
      return raiseAndReport({
        userId: ownerId,
        ...input,
        idempotencyKey,
        requestHash: requestHash('POST /api/alerts', asked),
      });
    },

    async sendEmergencySms(auth, input, idempotencyKey) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const detail = await raiseAndReport({
        userId: ownerId,
        triggerType: 'manual',
        message: input.message,
        location: input.userLocation,
        onlyNumbers: input.phoneNumbers,
        idempotencyKey,
        requestHash: requestHash('POST /api/send-emergency-sms', input),
      });
      return {
        alertId: detail.alert.id,
        outcome: detail.outcome,
        results: detail.deliveries
          .filter((delivery) => delivery.purpose === 'alert')
          .map((delivery) => ({
            phoneNumber: delivery.recipient,
            success: delivery.status === 'sent',
            status: delivery.status,
            ...(delivery.status !== 'sent' && delivery.last_error ? { error: delivery.last_error } : {}),
            ...(delivery.held_reason ? { heldReason: delivery.held_reason } : {}),
          })),
        summary: detail.summary,
      };
    },

    async listAlerts(auth, query) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      return { alerts: await loadDetails(await repo.listAlerts(db, ownerId, LIST_LIMIT, query?.status)) };
    },

    async listWardAlerts(auth) {
      const watched = await deps.access.watched(auth);
      const lookBack = new Date(clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
      const wards = watched.map((ward) => ({
        wardId: ward.wardId,
        since: ward.activatedAt > lookBack ? ward.activatedAt : lookBack,
      }));
      const rows = await repo.listAlertsOfWards(db, wards, WARD_ACTIVITY.maxAlerts);
      const details = await loadDetails(rows);
      const seen = await seenAtOf(
        db,
        auth.userId,
        rows.map((row) => row.id),
      );
      return {
        alerts: details.map((detail, i) => ({
          ...detail,
          ward_id: rows[i]!.user_id,
          seen_at: seen.get(detail.alert.id)?.toISOString() ?? null,
        })),
      };
    },

    async getAlert(auth, alertId) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const alert = await repo.findAlert(db, ownerId, alertId);
      if (!alert) throw new AppError('not_found', ERRORS.notFound);
      return loadDetail(alert);
    },

    async resolveAlert(auth, alertId) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const resolved = await lane.transaction(async (tx) => {
        const rows = await repo.resolveAlerts(tx, ownerId, alertId, now);
        const told = new Set<string>();
        for (const row of rows) await queueAllClear(tx, deps.profiles, row, now, told);
        return rows;
      });
      if (resolved.length > 0) deps.wakeDeliveries();
      const alert =
        resolved.find((row) => row.id === alertId) ?? (await repo.findAlert(db, ownerId, alertId));
      if (!alert) throw new AppError('not_found', ERRORS.notFound);
      for (const row of resolved) {
        deps.events.alertResolved({ userId: ownerId, alert: await loadDetail(row) });
      }
      return loadDetail(alert);
    },
  };
}

/** The alert with all its deliveries; the counts are of the alert's own texts, not of the all-clear. */
function detailOf(alert: repo.AlertRow, deliveries: AlertDetail['deliveries']): AlertDetail {
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert');
  return {
    alert: repo.toAlert(alert),
    emergencyContacts: texts.length,
    deliveries,
    summary: {
      successful: texts.filter((delivery) => delivery.status === 'sent').length,
      total: texts.length,
    },
  };
}
