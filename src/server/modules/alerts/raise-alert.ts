/**
 * Raising an alert: the one transaction every trigger goes through (the SOS button and quick messages, POST
 * /api/send-emergency-sms, a journey's deadline). service.ts tells the whole story of an SOS; this file holds the
 * rules of one raise (docs/decisions/023-sms-limits-that-cannot-silence-a-victim.md):
 *  - the same Idempotency-Key finds the alert it made (`repeated`), and writes nothing new;
 *  - an SOS while the person has an alert they have not ended joins that alert (`joined`): nobody it texted is
 *    texted again; a contact it has not texted yet, and a text a limit held back, are texted now;
 *  - otherwise a new alert (`created`), at most ALERT_LIMITS.newAlertsPerHour a clock hour per person (429 past
 *    it), with a delivery per recipient and a job per delivery; its texts pass the SMS limits (sms-caps.ts).
 * A journey's deadline always raises its own alert under its own key, never refused and never counted: one
 * journey has one deadline, and one person one journey at a time.
 */
import { randomUUID } from 'node:crypto';
import { buildAlertSms, type AlertSmsJourney } from '#shared/alert-sms-text';
import { ALERT_LIMITS, guardianViewUrl } from '#shared/constants';
import { normalisePhoneNumber } from '#shared/phone';
import type { AlertTriggerType, RaiseOutcome } from '#shared/schemas/alert';
import type { PushPayload } from '#shared/schemas/push';
import { ABUSE_LIMIT_TEXTS, ERRORS, PUSH_TEXTS, SMS_ABUSE_TEXTS } from '#shared/texts';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import { alertPosition, smsLocation, type AlertPosition } from './alert-position';
import { writeDeliveries } from './delivery-job';
import type { AlertPorts } from './ports';
import * as repo from './repository';
import { holdTextsOverCaps, senderOf, type SmsCapsDeps } from './sms-caps';

const HOUR_MS = 3_600_000;

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
  /**
   * A journey's deadline raised it (modules/journeys): the text names the destination or missed check-in. Such an
   * alert is its own (it never joins an open one: its key alone makes it exactly once) and is not counted
   * against the person's alerts per hour.
   */
  journey?: AlertSmsJourney;
  /**
   * Raised by the server, not by the person (a journey's deadline): without any contact the alert still goes
   * to their active guardians (realtime and push), and only with neither is it refused (400
   * `no_emergency_contacts`). An SOS never sets this: the person is told to add contacts instead.
   */
  guardiansSuffice?: boolean;
};

/** The alert a raise ended with, what the raise did, and the time by which the texts it queued were due. */
export type RaisedAlert = { alertId: string; outcome: RaiseOutcome; textsDueBy: Date };

export type RaiseDeps = SmsCapsDeps &
  AlertPorts & {
    /** Where the live-tracking link in a text points (http/public-origin.ts). */
    origin: string;
  };

/**
 * Who this raise reaches: contacts' numbers (normalised, each once), and the person's active guardians (`watching`:
 * each sees the alert live), of whom those with a browser subscribed get a push (`pushTo`).
 */
type Recipients = {
  texts: Array<{ recipient: string; recipientName: string | null; contactId: string | null }>;
  watching: string[];
  pushTo: string[];
};

/** The transaction's work; what it wrote decides what happens after the commit. */
type RaiseResult = { alert: repo.AlertRow; outcome: RaiseOutcome; queued: number; textsDueBy: Date };

/**
 * One raise, inside `tx` (the reserved SOS lane). The person's row is locked first, so two SOS of one person never
 * both create an alert: the second waits and joins the first.
 */
export async function raiseInTransaction(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  now: Date,
): Promise<RaiseResult> {
  const account = await repo.lockPerson(tx, input.userId);
  if (!account) throw new AppError('not_authenticated', ERRORS.notAuthenticated);
  const key = input.idempotencyKey ?? randomUUID();
  const existing = await repo.findAlertByKey(tx, input.userId, key);
  if (existing) {
    if (existing.request_hash && input.requestHash && existing.request_hash !== input.requestHash) {
      throw new AppError('idempotency_key_reused', ERRORS.idempotencyKeyReused);
    }
    return { alert: existing, outcome: 'repeated', queued: 0, textsDueBy: existing.created_at };
  }
  if (!input.journey) {
    const open = await repo.findOpenAlert(tx, input.userId, raisedAtOf(input, now));
    if (open) {
      const queued = open.resolved_at ? 0 : await reachTheRest(tx, deps, input, open, account, now);
      return { alert: open, outcome: 'joined', queued, textsDueBy: now };
    }
    await countNewAlert(tx, deps.clock, input.userId);
  }
  const position = await alertPosition(tx, deps, input.userId, input.location);
  const alert = await repo.insertAlert(tx, { ...newAlertRow(input, key, now), ...position });
  if (!alert) throw new Error('an alert key was taken while its person was locked');
  const recipients = await recipientsFor(tx, deps, input);
  if (recipients.texts.length === 0 && !(input.guardiansSuffice && recipients.watching.length > 0)) {
    throw new AppError('no_emergency_contacts', ERRORS.sosNeedsContacts);
  }
  const queued = await queueDeliveries(tx, deps, input, alert, recipients, account, now);
  return { alert, outcome: 'created', queued, textsDueBy: now };
}

/** Counts a new alert of the person this clock hour; 429 past ALERT_LIMITS.newAlertsPerHour (nothing stored). */
async function countNewAlert(tx: Queryable, clock: Clock, userId: string): Promise<void> {
  const limiter = createRateLimiter(tx, clock, {
    name: 'alerts-raised',
    limit: ALERT_LIMITS.newAlertsPerHour,
    windowMs: HOUR_MS,
  });
  const decision = await limiter.consume(userId);
  if (!decision.allowed) throw tooManyRequests(decision, ABUSE_LIMIT_TEXTS.tooManyAlerts);
}

/**
 * An SOS joining the open alert `open`: those it asks for whom the alert has not reached yet (a contact added
 * since, a number it did not name before, a text a limit held back, a guardian who subscribed since) are reached
 * now, with this SOS's text (its time, position and words); nobody is texted twice. Returns the deliveries queued.
 */
async function reachTheRest(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  open: repo.AlertRow,
  account: repo.AccountStanding,
  now: Date,
): Promise<number> {
  const asked = await recipientsFor(tx, deps, input);
  const reached = await repo.listAlertRecipients(tx, open.id);
  const rest: Recipients = {
    ...asked,
    texts: asked.texts.filter((text) => !reached.has(repo.recipientKey('sms', text.recipient))),
    pushTo: asked.pushTo.filter((id) => !reached.has(repo.recipientKey('push', id))),
  };
  if (rest.texts.length === 0 && rest.pushTo.length === 0) return 0;
  const position = await alertPosition(tx, deps, input.userId, input.location);
  const asRaisedNow = { ...open, ...newAlertRow(input, open.idempotency_key, now), ...position };
  return queueDeliveries(tx, deps, input, asRaisedNow, rest, account, now);
}

/** Writes the alert's deliveries (texts past a limit as held) and a job for each one to send. */
async function queueDeliveries(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  alert: repo.AlertRow,
  recipients: Recipients,
  account: repo.AccountStanding,
  now: Date,
): Promise<number> {
  const sender = await senderOf(tx, input.userId, account, alert.id, now);
  // Limits may hold texts back (stored as failed, with the reason), never the alert itself.
  const deliveries = await holdTextsOverCaps(
    tx,
    deps,
    sender,
    await deliveriesFor(tx, deps, input, alert, recipients, now),
  );
  return writeDeliveries(tx, alert.id, deliveries, now);
}

/** The person's contacts (or the chosen ones) and their active guardians. 400 for a number not theirs. */
async function recipientsFor(tx: Queryable, deps: RaiseDeps, input: RaiseAlertInput): Promise<Recipients> {
  const contacts = (await deps.contacts.listContacts(tx, input.userId)).map((c) => ({
    phone: c.phone,
    name: c.name,
    contactId: c.id,
  }));
  const watching = await activeGuardianIds(tx, input.userId);
  return {
    texts: uniqueRecipients(input.onlyNumbers ? savedContactsWith(contacts, input.onlyNumbers) : contacts),
    watching,
    pushTo: [...(await deps.pushSubscriptions.usersWithSubscriptions(tx, watching))],
  };
}

/** A text to each contact's number and a push to each guardian with a browser subscribed. */
async function deliveriesFor(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  alert: repo.AlertRow,
  recipients: Recipients,
  now: Date,
): Promise<repo.NewDelivery[]> {
  const guardians = recipients.pushTo;
  const names = await deps.profiles.findFullNames(tx, [input.userId, ...guardians]);
  const fullName = names.get(input.userId) ?? '';
  const texts = recipients.texts.length > 0 ? await alertText(tx, deps, input, alert, fullName, now) : '';
  const push = JSON.stringify(guardianPush(input.userId, fullName, alert.id));
  return [
    ...recipients.texts.map((r) => ({ channel: 'sms' as const, ...r, body: texts })),
    ...guardians.map((id) => ({
      channel: 'push' as const,
      recipient: id,
      recipientName: names.get(id) || null,
      contactId: null,
      body: push,
    })),
  ];
}

/**
 * The SOS text. With Emergency Contact Access off it goes out without a live-tracking link, and none is made
 * for it.
 */
async function alertText(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  alert: repo.AlertRow,
  fullName: string,
  now: Date,
): Promise<string> {
  const preferences = await deps.profiles.findSosPreferences(tx, input.userId);
  const link = preferences.contactsGetTrackingLink
    ? await deps.alertLinks.getOrCreateActiveShareLink(tx, {
        userId: input.userId,
        alertId: alert.id,
        now,
        origin: deps.origin,
      })
    : null;
  return buildAlertSms({
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

/** The alert row the request describes, without its position (alert-position.ts). */
function newAlertRow(
  input: RaiseAlertInput,
  key: string,
  now: Date,
): Omit<repo.NewAlert, keyof AlertPosition> {
  return {
    user_id: input.userId,
    idempotency_key: key,
    request_hash: input.requestHash ?? null,
    trigger_type: input.triggerType,
    message: input.message ?? null,
    notes: input.notes ?? null,
    recording_id: input.recordingId ?? null,
    occurred_at: raisedAtOf(input, now),
    created_at: now,
  };
}

/** When the person raised it: earlier than now for a queued SOS their phone sends late. */
function raisedAtOf(input: RaiseAlertInput, now: Date): Date {
  return new Date(now.getTime() - (input.raisedSecondsAgo ?? 0) * 1000);
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
): Recipients['texts'] {
  const byNumber = new Map<string, Recipients['texts'][number]>();
  for (const { phone, name, contactId } of recipients) {
    const recipient = normalisePhoneNumber(phone);
    if (!byNumber.has(recipient)) byNumber.set(recipient, { recipient, recipientName: name, contactId });
  }
  return [...byNumber.values()];
}
