/**
 * # Alerts: where an SOS is sent, and what happens if the server dies halfway
 *
 * Every trigger — the SOS button (POST /api/alerts), the spec's POST /api/send-emergency-sms, and later escort and
 * check-in deadlines — calls `raiseAlert`. In ONE transaction it writes the alert and one `alert_deliveries` row
 * per recipient (phone numbers normalised and de-duplicated), each `pending` and due now. Nothing is sent inside
 * that transaction. After the commit the delivery worker (deliver-alerts.ts, a task of the one scheduler) is
 * kicked; the HTTP request then waits (bounded, ALERT_FIRST_ATTEMPT_WAIT_MS) for each delivery's first attempt and
 * answers with the statuses it has. The worker claims due rows (`FOR UPDATE SKIP LOCKED`, a lease), sends each
 * with the delivery id as the provider's idempotency token, and records `sent`, a retry with backoff, or `failed`.
 *
 * If the server dies…
 * - before the commit: there is no alert. The phone got no answer and retries with the same Idempotency-Key.
 * - after the commit, before sending: the rows are `pending`. Any instance's next poll (every second, and at
 *   start-up) sends them. A retried request with the same key returns the same alert and writes nothing new.
 * - during a send: the row stays `sending` with a lease. When the lease expires another poll claims it and sends
 *   again with the SAME idempotency token, so a provider that honours it (Twilio, the dev outbox) texts once.
 * - after the provider accepted, before recording: same as during a send — a resend with the same token.
 * - while recording: each record is one fenced UPDATE (status + attempt number), so a stale worker whose lease ran
 *   out can never overwrite a newer outcome.
 * A row whose every attempt died with its worker is failed by `failExhausted`, so nothing loops forever.
 * The same key never makes two alerts (unique index), and one alert never texts a number twice (unique
 * (alert_id, channel, recipient)).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  AlertDetail,
  AlertListResponse,
  AlertTriggerType,
  CreateAlertRequestSchema,
  SendEmergencySmsRequestSchema,
  SendEmergencySmsResponse,
  WardAlertListResponse,
} from '#shared/schemas/alert';
import { buildAlertSms } from '#shared/alert-sms-text';
import { WARD_ACTIVITY } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { SmsProvider } from '../../adapters/sms/sms-provider';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/authenticate';
import type { Scheduler } from '../../scheduler/scheduler';
import { listContacts } from '../contacts/repository';
import { activeWards } from '../guardians/authorization';
import type { AlertEvents } from './alert-events';
import { createChangeSignal } from './change-signal';
import { DELIVERY_TASK, createDeliveryTask } from './deliver-alerts';
import * as repo from './repository';

export type CreateAlertInput = z.output<typeof CreateAlertRequestSchema>;
export type SendEmergencySmsInput = z.output<typeof SendEmergencySmsRequestSchema>;

/** Makes the live-tracking link an alert's text carries (share links, next issue); null for none. */
export type TrackingLinkHook = (
  tx: Queryable,
  context: { userId: string; alertId: string; now: Date },
) => Promise<string | null>;

export type RaiseAlertInput = {
  userId: string;
  triggerType: AlertTriggerType;
  message?: string | null;
  notes?: string | null;
  location?: {
    latitude: number;
    longitude: number;
    accuracy?: number | null;
    address?: string | null;
  } | null;
  recordingId?: string | null;
  /** A queued SOS sent late: how long ago the person raised it (by their phone's clock). */
  raisedSecondsAgo?: number;
  /** Same key, same alert: a retried request or a deadline job that runs twice raises one alert. */
  idempotencyKey?: string;
  /** Text these numbers instead of the person's emergency contacts (POST /api/send-emergency-sms). */
  recipients?: ReadonlyArray<{ phone: string; name?: string | null }>;
};

export type RaisedAlert = { alertId: string; created: boolean };

export type AlertService = {
  /** Writes an alert and its deliveries and starts sending. 400 'Please add emergency contacts…' without any. */
  raiseAlert(input: RaiseAlertInput): Promise<RaisedAlert>;
  createAlert(
    auth: AuthContext,
    input: CreateAlertInput,
    idempotencyKey?: string,
  ): Promise<{ detail: AlertDetail; created: boolean }>;
  sendEmergencySms(
    auth: AuthContext,
    input: SendEmergencySmsInput,
    idempotencyKey?: string,
  ): Promise<SendEmergencySmsResponse>;
  listAlerts(auth: AuthContext): Promise<AlertListResponse>;
  /**
   * The recent alerts (the last WARD_ACTIVITY.retentionHours) of everyone the caller actively guards, each only
   * from when that guardian was approved: what the guardian view shows in a window that missed the live events.
   */
  listWardAlerts(auth: AuthContext): Promise<WardAlertListResponse>;
  getAlert(auth: AuthContext, alertId: string): Promise<AlertDetail>;
  readonly smsKind: SmsProvider['kind'];
};

export type AlertServiceDeps = {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  events: AlertEvents;
  scheduler: Scheduler;
  log: FastifyBaseLogger;
  firstAttemptWaitMs: number;
  deliveryLeaseMs: number;
  smsTimeoutMs: number;
  trackingLink?: TrackingLinkHook;
  random?: () => number;
};

const LIST_LIMIT = 50;
/** A lease shorter than a send could let a second worker resend while the first is still waiting. */
const LEASE_MARGIN_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAlertService(deps: AlertServiceDeps): AlertService {
  const { db, clock } = deps;
  const changes = createChangeSignal();
  deps.scheduler.add(
    createDeliveryTask({
      db,
      clock,
      sms: deps.sms,
      events: deps.events,
      log: deps.log,
      leaseMs: Math.max(deps.deliveryLeaseMs, deps.smsTimeoutMs + LEASE_MARGIN_MS),
      onChange: changes.notify,
      random: deps.random,
    }),
  );

  /** Each alert with its deliveries (one query for all of them), in the order given. */
  const loadDetails = async (alerts: repo.AlertRow[]): Promise<AlertDetail[]> => {
    const deliveries = await repo.listDeliveries(
      db,
      alerts.map((alert) => alert.id),
    );
    return alerts.map((alert) =>
      detailOf(alert, deliveries.filter((d) => d.alert_id === alert.id).map(repo.toDelivery)),
    );
  };
  const loadDetail = async (alert: repo.AlertRow): Promise<AlertDetail> => (await loadDetails([alert]))[0]!;

  /**
   * Waits until every delivery of the alert has finished its first attempt, or the wait runs out. Real time, not
   * the Clock: this bounds how long an HTTP request stays open. Any instance may do the sending, so the truth is
   * read from the database; the local signal only saves polling delay.
   */
  const waitForFirstAttempts = async (alertId: string): Promise<void> => {
    const deadline = Date.now() + deps.firstAttemptWaitMs;
    while ((await repo.countAwaitingFirstAttempt(db, alertId)) > 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return;
      await changes.wait(Math.min(remaining, 250));
    }
  };

  const raiseAlert = async (input: RaiseAlertInput): Promise<RaisedAlert> => {
    const key = input.idempotencyKey ?? randomUUID();
    const now = clock.now();
    const { alert, created } = await db.transaction(async (tx) => {
      const inserted = await repo.insertAlert(tx, newAlertRow(input, key, now));
      if (!inserted) {
        const existing = await repo.findAlertByKey(tx, input.userId, key);
        if (!existing) throw new Error('idempotent alert vanished');
        return { alert: existing, created: false };
      }
      const recipients = input.recipients
        ? uniqueRecipients(
            input.recipients.map((r) => ({ phone: r.phone, name: r.name ?? null, contactId: null })),
          )
        : uniqueRecipients(
            (await listContacts(tx, input.userId)).map((c) => ({
              phone: c.phone,
              name: c.name,
              contactId: c.id,
            })),
          );
      if (recipients.length === 0) throw new AppError('validation_failed', ERRORS.sosNeedsContacts);
      const profile = await repo.findProfileName(tx, input.userId);
      const trackingUrl = deps.trackingLink
        ? await deps.trackingLink(tx, { userId: input.userId, alertId: inserted.id, now })
        : null;
      const body = buildAlertSms({
        fullName: profile?.full_name ?? null,
        triggerType: input.triggerType,
        at: inserted.occurred_at,
        sentAt: now,
        location: input.location,
        message: input.message,
        trackingUrl,
      });
      await repo.insertDeliveries(tx, inserted.id, body, recipients, now);
      return { alert: inserted, created: true };
    });
    deps.scheduler.kick(DELIVERY_TASK);
    if (created) emitRaised(input.userId, alert);
    return { alertId: alert.id, created };
  };

  const emitRaised = (userId: string, alert: repo.AlertRow): void => {
    loadDetail(alert)
      .then((detail) => deps.events.alertRaised({ userId, alert: detail }))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'alert event listener failed'));
  };

  /** Raises, waits for first attempts, answers the alert as it now stands. */
  const raiseAndReport = async (
    input: RaiseAlertInput,
  ): Promise<{ detail: AlertDetail; created: boolean }> => {
    const { alertId, created } = await raiseAlert(input);
    await waitForFirstAttempts(alertId);
    const alert = await repo.findAlert(db, input.userId, alertId);
    if (!alert) throw new AppError('not_found', ERRORS.notFound);
    return { detail: await loadDetail(alert), created };
  };

  return {
    raiseAlert,
    smsKind: deps.sms.kind,

    createAlert: (auth, input, idempotencyKey) =>
      raiseAndReport({ userId: auth.userId, ...input, idempotencyKey }),

    async sendEmergencySms(auth, input, idempotencyKey) {
      const { detail } = await raiseAndReport({
        userId: auth.userId,
        triggerType: 'manual',
        message: input.message,
        location: input.userLocation,
        recipients: input.phoneNumbers.map((phone) => ({ phone })),
        idempotencyKey,
      });
      return {
        alertId: detail.alert.id,
        results: detail.deliveries.map((delivery) => ({
          phoneNumber: delivery.recipient,
          success: delivery.status === 'sent',
          status: delivery.status,
          ...(delivery.status !== 'sent' && delivery.last_error ? { error: delivery.last_error } : {}),
        })),
        summary: detail.summary,
      };
    },

    async listAlerts(auth) {
      return { alerts: await loadDetails(await repo.listAlerts(db, auth.userId, LIST_LIMIT)) };
    },

    async listWardAlerts(auth) {
      const lookBack = new Date(clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
      const wards = (await activeWards(db, auth.userId)).map((ward) => ({
        wardId: ward.wardId,
        since: ward.activatedAt > lookBack ? ward.activatedAt : lookBack,
      }));
      const rows = await repo.listAlertsOfWards(db, wards, WARD_ACTIVITY.maxAlerts);
      const details = await loadDetails(rows);
      return { alerts: details.map((detail, i) => ({ ...detail, ward_id: rows[i]!.user_id })) };
    },

    async getAlert(auth, alertId) {
      // An id that is not a UUID cannot be anyone's alert (and must not reach a uuid comparison in SQL).
      const alert = UUID.test(alertId) ? await repo.findAlert(db, auth.userId, alertId) : undefined;
      if (!alert) throw new AppError('not_found', ERRORS.notFound);
      return loadDetail(alert);
    },
  };
}

function newAlertRow(input: RaiseAlertInput, key: string, now: Date): repo.NewAlert {
  return {
    user_id: input.userId,
    idempotency_key: key,
    trigger_type: input.triggerType,
    message: input.message ?? null,
    notes: input.notes ?? null,
    location_lat: input.location?.latitude ?? null,
    location_lng: input.location?.longitude ?? null,
    location_accuracy: input.location?.accuracy ?? null,
    location_address: input.location?.address ?? null,
    recording_id: input.recordingId ?? null,
    occurred_at: new Date(now.getTime() - (input.raisedSecondsAgo ?? 0) * 1000),
    created_at: now,
  };
}

/** Normalised numbers, each once (the first contact with a number names it). */
function uniqueRecipients(
  recipients: ReadonlyArray<{ phone: string; name: string | null; contactId: string | null }>,
): repo.NewDelivery[] {
  const byNumber = new Map<string, repo.NewDelivery>();
  for (const { phone, name, contactId } of recipients) {
    const recipient = normalisePhoneNumber(phone);
    if (!byNumber.has(recipient)) byNumber.set(recipient, { recipient, recipientName: name, contactId });
  }
  return [...byNumber.values()];
}

function detailOf(alert: repo.AlertRow, deliveries: AlertDetail['deliveries']): AlertDetail {
  return {
    alert: repo.toAlert(alert),
    emergencyContacts: deliveries.length,
    deliveries,
    summary: {
      successful: deliveries.filter((delivery) => delivery.status === 'sent').length,
      total: deliveries.length,
    },
  };
}
