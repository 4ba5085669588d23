/**
 * # Alerts: where an SOS is sent, and what happens if the server dies halfway
 *
 * Both triggers — POST /api/alerts (the SOS button, a quick message) and POST /api/send-emergency-sms — call
 * `raiseAlert`, and so does a journey's deadline (modules/journeys, with a key derived from the journey). In ONE transaction (on the database capacity reserved for the SOS path) it writes the alert,
 * one `alert_deliveries` row per recipient (a text to each contact's number, normalised and de-duplicated, and
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
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { buildAlertSms, type AlertSmsJourney } from '#shared/alert-sms-text';
import { WARD_ACTIVITY, guardianViewUrl } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import type {
  AlertDetail,
  AlertListQuery,
  AlertListResponse,
  AlertTriggerType,
  CreateAlertRequestSchema,
  SendEmergencySmsRequestSchema,
  SendEmergencySmsResponse,
  WardAlertListResponse,
} from '#shared/schemas/alert';
import type { PushPayload } from '#shared/schemas/push';
import { ERRORS, PUSH_TEXTS, SMS_ABUSE_TEXTS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import { enqueueJobs } from '../../scheduler/jobs';
import { listContacts } from '../contacts/repository';
import { seenAtOf } from '../guardians/alert-acknowledgements';
import { activeGuardianIds, activeWards } from '../guardians/authorization';
import { findFullNames, findSosPreferences } from '../profile/repository';
import { usersWithSubscriptions } from '../push/repository';
import { getOrCreateActiveShareLink } from '../share-links/service';
import type { AlertEvents } from './alert-events';
import { alertPosition, smsLocation, type AlertPosition } from './alert-position';
import type { ChangeSignal } from './change-signal';
import { queueAllClear } from './all-clear';
import { DELIVERY_JOB } from './delivery-job';
import * as repo from './repository';
import { holdTextsOverCaps } from './sms-caps';
import { requestHash } from './request-hash';

export type CreateAlertInput = z.output<typeof CreateAlertRequestSchema>;
export type SendEmergencySmsInput = z.output<typeof SendEmergencySmsRequestSchema>;

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
  /** Same key, same alert: a retried request raises one alert. */
  idempotencyKey?: string;
  /**
   * Text only the contacts with these numbers (POST /api/send-emergency-sms). Each must be one of the person's
   * saved contacts' numbers, else 400 naming it: nobody can text arbitrary numbers (SMS pumping).
   */
  onlyNumbers?: readonly string[];
  /** What the request asked for (request-hash.ts): the same key with a different request is refused (422). */
  requestHash?: string;
  /** A journey's deadline raised it (modules/journeys): the text names the destination or missed check-in. */
  journey?: AlertSmsJourney;
  /**
   * Raised by the server, not by the person (a journey's deadline): without any contact the alert still goes
   * to their active guardians (realtime and push), and only with neither is it refused (400
   * `no_emergency_contacts`). An SOS never sets this: the person is told to add contacts instead.
   */
  guardiansSuffice?: boolean;
};

export type RaisedAlert = { alertId: string; created: boolean; raisedAt: Date };

export type AlertService = {
  /** Writes an alert, its deliveries and their jobs, and wakes the delivery job. 400 without any contact. */
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

export type AlertServiceDeps = {
  db: Database;
  clock: Clock;
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
    const key = input.idempotencyKey ?? randomUUID();
    const now = clock.now();
    const { alert, created } = await lane.transaction(async (tx) => {
      const position = await alertPosition(tx, input.userId, input.location);
      const inserted = await repo.insertAlert(tx, newAlertRow(input, position, key, now));
      if (!inserted) {
        const existing = await repo.findAlertByKey(tx, input.userId, key);
        if (!existing) throw new Error('idempotent alert vanished');
        if (existing.request_hash && input.requestHash && existing.request_hash !== input.requestHash) {
          throw new AppError('idempotency_key_reused', ERRORS.idempotencyKeyReused);
        }
        return { alert: existing, created: false };
      }
      // Caps may hold texts back (stored as failed, with the reason), never the alert itself.
      const deliveries = await holdTextsOverCaps(
        tx,
        { clock, globalMaxPerHour: deps.smsGlobalMaxPerHour, log: deps.log },
        await deliveriesFor(tx, input, inserted, now),
      );
      const ids = await repo.insertDeliveries(tx, inserted.id, deliveries, now);
      await enqueueJobs(
        tx,
        ids.map((id) => ({ kind: DELIVERY_JOB, key: id, dueAt: now })),
        now,
      );
      return { alert: inserted, created: true };
    });
    deps.wakeDeliveries();
    if (created) emitRaised(input.userId, alert);
    return { alertId: alert.id, created, raisedAt: alert.created_at };
  };

  /** A text to each contact (or each chosen one) and a push to each active guardian with a browser subscribed. */
  const deliveriesFor = async (
    tx: Queryable,
    input: RaiseAlertInput,
    alert: repo.AlertRow,
    now: Date,
  ): Promise<repo.NewDelivery[]> => {
    const contacts = (await listContacts(tx, input.userId)).map((c) => ({
      phone: c.phone,
      name: c.name,
      contactId: c.id,
    }));
    const recipients = uniqueRecipients(
      input.onlyNumbers ? savedContactsWith(contacts, input.onlyNumbers) : contacts,
    );
    const watching = await activeGuardianIds(tx, input.userId);
    if (recipients.length === 0 && !(input.guardiansSuffice && watching.length > 0)) {
      throw new AppError('no_emergency_contacts', ERRORS.sosNeedsContacts);
    }
    const guardians = [...(await usersWithSubscriptions(tx, watching))];
    const names = await findFullNames(tx, [input.userId, ...guardians]);
    const fullName = names.get(input.userId) ?? '';
    // Emergency Contact Access off: the text goes out without a live-tracking link, and none is made for it.
    const preferences = await findSosPreferences(tx, input.userId);
    const link = preferences.contactsGetTrackingLink
      ? await getOrCreateActiveShareLink(tx, {
          userId: input.userId,
          alertId: alert.id,
          now,
          origin: deps.origin,
        })
      : null;
    const text = buildAlertSms({
      fullName,
      triggerType: input.triggerType,
      at: alert.occurred_at,
      sentAt: now,
      location: smsLocation(alert),
      message: input.message,
      trackingUrl: link?.url,
      timeZone: preferences.timeZone,
      journey: input.journey,
    });
    const push = JSON.stringify(guardianPush(input.userId, fullName, alert.id));
    return [
      ...recipients.map((r) => ({ channel: 'sms' as const, ...r, body: text })),
      ...guardians.map((id) => ({
        channel: 'push' as const,
        recipient: id,
        recipientName: names.get(id) || null,
        contactId: null,
        body: push,
      })),
    ];
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
    const { alertId, created, raisedAt } = await raiseAlert(input);
    await waitForFirstAttempts(alertId, raisedAt);
    const alert = await repo.findAlert(lane, input.userId, alertId);
    if (!alert) throw new AppError('not_found', ERRORS.notFound);
    return { detail: await loadDetail(alert), created };
  };

  return {
    raiseAlert,

    createAlert: (auth, input, idempotencyKey) => {
      // A replay from the device outbox says how long ago the SOS was raised; it is still the same request.
      const { raisedSecondsAgo: _replayed, ...asked } = input;
      return raiseAndReport({
        userId: auth.userId,
        ...input,
        idempotencyKey,
        requestHash: requestHash('POST /api/alerts', asked),
      });
    },

    async sendEmergencySms(auth, input, idempotencyKey) {
      const { detail } = await raiseAndReport({
        userId: auth.userId,
        triggerType: 'manual',
        message: input.message,
        location: input.userLocation,
        onlyNumbers: input.phoneNumbers,
        idempotencyKey,
        requestHash: requestHash('POST /api/send-emergency-sms', input),
      });
      return {
        alertId: detail.alert.id,
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
      return { alerts: await loadDetails(await repo.listAlerts(db, auth.userId, LIST_LIMIT, query?.status)) };
    },

    async listWardAlerts(auth) {
      const lookBack = new Date(clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
      const wards = (await activeWards(db, auth.userId)).map((ward) => ({
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
      const alert = await repo.findAlert(db, auth.userId, alertId);
      if (!alert) throw new AppError('not_found', ERRORS.notFound);
      return loadDetail(alert);
    },

    async resolveAlert(auth, alertId) {
      const now = clock.now();
      const caps = { clock, globalMaxPerHour: deps.smsGlobalMaxPerHour, log: deps.log };
      const resolved = await lane.transaction(async (tx) => {
        const rows = await repo.resolveAlerts(tx, auth.userId, alertId, now);
        const told = new Set<string>();
        for (const row of rows) await queueAllClear(tx, caps, row, now, told);
        return rows;
      });
      if (resolved.length > 0) deps.wakeDeliveries();
      const alert =
        resolved.find((row) => row.id === alertId) ?? (await repo.findAlert(db, auth.userId, alertId));
      if (!alert) throw new AppError('not_found', ERRORS.notFound);
      for (const row of resolved) {
        deps.events.alertResolved({ userId: auth.userId, alert: await loadDetail(row) });
      }
      return loadDetail(alert);
    },
  };
}

/** What a guardian's browser shows: "Emergency alert from <name>", opening the guardian view at that ward. */
function guardianPush(wardId: string, wardName: string, alertId: string): PushPayload {
  return {
    title: PUSH_TEXTS.alertTitle(wardName),
    body: PUSH_TEXTS.alertBody(wardName),
    url: guardianViewUrl(wardId),
    tag: `alert-${alertId}`,
  };
}

function newAlertRow(input: RaiseAlertInput, position: AlertPosition, key: string, now: Date): repo.NewAlert {
  return {
    user_id: input.userId,
    idempotency_key: key,
    request_hash: input.requestHash ?? null,
    trigger_type: input.triggerType,
    message: input.message ?? null,
    notes: input.notes ?? null,
    ...position,
    recording_id: input.recordingId ?? null,
    occurred_at: new Date(now.getTime() - (input.raisedSecondsAgo ?? 0) * 1000),
    created_at: now,
  };
}

/**
 * The contacts whose number is one of `numbers` (compared normalised). A number that is none of the person's
 * contacts is refused, naming it (`phoneNumbers.<index>`), before anything is stored.
 */
function savedContactsWith<C extends { phone: string }>(
  contacts: readonly C[],
  numbers: readonly string[],
): C[] {
  const saved = new Set(contacts.map((contact) => normalisePhoneNumber(contact.phone)));
  const wanted = numbers.map(normalisePhoneNumber);
  const stranger = wanted.findIndex((number) => !saved.has(number));
  if (stranger >= 0) {
    throw new AppError('validation_failed', SMS_ABUSE_TEXTS.notYourContact, {
      field: `phoneNumbers.${stranger}`,
    });
  }
  return contacts.filter((contact) => wanted.includes(normalisePhoneNumber(contact.phone)));
}

/** Normalised numbers, each once (the first contact with a number names it). */
function uniqueRecipients(
  recipients: ReadonlyArray<{ phone: string; name: string | null; contactId: string | null }>,
): Array<{ recipient: string; recipientName: string | null; contactId: string | null }> {
  const byNumber = new Map<
    string,
    { recipient: string; recipientName: string | null; contactId: string | null }
  >();
  for (const { phone, name, contactId } of recipients) {
    const recipient = normalisePhoneNumber(phone);
    if (!byNumber.has(recipient)) byNumber.set(recipient, { recipient, recipientName: name, contactId });
  }
  return [...byNumber.values()];
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
