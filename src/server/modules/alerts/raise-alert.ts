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
 * journey has one deadline, and one person one journey at a time. Whom a raise reaches is alert-recipients.ts;
 * what they receive, alert-messages.ts.
 */
import { randomUUID } from 'node:crypto';
import { ALERT_LIMITS } from '#shared/constants';
import type { RaiseOutcome } from '#shared/schemas/alert';
import { RESPONDER_PAGE_TEXTS } from '#shared/responder-page-texts';
import { ABUSE_LIMIT_TEXTS, ERRORS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { deliveriesFor } from './alert-messages';
import { alertPosition, type AlertPosition } from './alert-position';
import { recipientsFor, type Recipients } from './alert-recipients';
import { writeDeliveries } from './delivery-job';
import { countDrill, isDrill, openDrill, scheduleDrillEnd } from './drill-raise';
import { scheduleEscalation } from './escalation-job';
import { insertMeeting } from './meeting-repository';
import type { RaiseAlertInput, RaiseDeps, RaisedAlert } from './raise-input';
import * as repo from './repository';
import { issueResponderLinks } from './responder-link-repository';
import { appendTimeline } from './timeline-repository';
import { holdTextsOverCaps, senderOf } from './sms-caps';
import { notSignedIn } from '../../http/access';

const HOUR_MS = 3_600_000;

/**
 * Writes an alert, its deliveries and their jobs in one transaction on the reserved SOS lane, then wakes the
 * delivery job and tells screens of a new alert: or finds the alert of a repeated key, or joins the person's
 * open alert. 400 without anyone to tell; 429 past the person's new alerts per hour.
 */
export async function raiseAlert(deps: AlertDeps, input: RaiseAlertInput): Promise<RaisedAlert> {
  const now = deps.clock.now();
  const raise = { ...deps, globalMaxPerHour: deps.smsGlobalMaxPerHour };
  const result = await deps.db.urgent.transaction((tx) => raiseInTransaction(tx, raise, input, now));
  if (result.queued > 0) deps.wakeDeliveries();
  if (result.outcome === 'created')
    emitRaised(deps, input.userId, result.alert, input.triggerType === 'duress');
  return { alertId: result.alert.id, outcome: result.outcome, textsDueBy: result.textsDueBy };
}

/**
 * Tells screens of the new alert once its deliveries are read back; never holds the raise up. The listener is told
 * at once, with the read still under way, so what it starts is counted from now (the app's `idle`).
 */
function emitRaised(deps: AlertDeps, userId: string, alert: repo.AlertRow, duress: boolean): void {
  deps.events.alertRaised({
    userId,
    alert: loadDetail(deps.db.urgent, alert),
    // The duress alert: the person's guardians hear of it, never the person's own devices (duress.ts).
    ...(duress ? { audience: 'watchers' } : {}),
  });
}

/** The transaction's work; what it wrote decides what happens after the commit. */
type RaiseResult = { alert: repo.AlertRow; outcome: RaiseOutcome; queued: number; textsDueBy: Date };

/**
 * One raise, inside `tx` (the reserved SOS lane). The person's row is locked first, so two SOS of one person never
 * both create an alert: the second waits and joins the first.
 */
async function raiseInTransaction(
  tx: Queryable,
  deps: RaiseDeps,
  input: RaiseAlertInput,
  now: Date,
): Promise<RaiseResult> {
  const account = await repo.lockPerson(tx, input.userId);
  if (!account) throw notSignedIn();
  const key = input.idempotencyKey ?? randomUUID();
  const existing = await repo.findAlertByKey(tx, input.userId, key);
  if (existing) {
    if (existing.request_hash && input.requestHash && existing.request_hash !== input.requestHash) {
      throw new AppError('idempotency_key_reused', ERRORS.idempotencyKeyReused);
    }
    return { alert: existing, outcome: 'repeated', queued: 0, textsDueBy: existing.created_at };
  }
  if (isDrill(input)) {
    // A drill never joins an alert nor is joined by one; a drill still open is the answer to starting another.
    const drill = await openDrill(tx, input.userId);
    if (drill) return { alert: drill, outcome: 'joined', queued: 0, textsDueBy: drill.created_at };
    await countDrill(tx, deps.clock, input.userId);
  } else if (!input.journey && input.triggerType !== 'duress') {
    // A journey's deadline and the duress alert are their own alerts: never joined, never refused for the count.
    const open = await repo.findOpenAlert(tx, input.userId, raisedAtOf(input, now));
    if (open) {
      // The meeting this SOS carries goes with the alert it joins, unless that alert carries one already.
      if (input.meeting) await insertMeeting(tx, open.id, input.meeting, now);
      const queued = open.resolved_at ? 0 : await reachTheRest(tx, deps, input, open, account, now);
      return { alert: open, outcome: 'joined', queued, textsDueBy: now };
    }
    await countNewAlert(tx, deps.clock, input.userId);
  }
  const position = await alertPosition(tx, deps, input.userId, input.location);
  const alert = await repo.insertAlert(tx, { ...newAlertRow(input, key, now), ...position });
  if (!alert) throw new Error('an alert key was taken while its person was locked');
  if (input.meeting) await insertMeeting(tx, alert.id, input.meeting, now);
  await appendTimeline(tx, alert.id, { kind: 'raised', at: alert.occurred_at });
  const recipients = await recipientsFor(tx, deps, input);
  if (recipients.texts.length === 0 && !(input.guardiansSuffice && recipients.watching.length > 0)) {
    throw new AppError('no_emergency_contacts', ERRORS.sosNeedsContacts);
  }
  const queued = await queueDeliveries(tx, deps, input, alert, recipients, account, now);
  // Nobody answering within the person's escalation time escalates it (escalation-job.ts).
  const escalationSeconds =
    (await deps.profiles.findEscalationSeconds(tx, input.userId)) ?? deps.escalationDefaultSeconds;
  await scheduleEscalation(tx, alert, escalationSeconds, now);
  await scheduleDrillEnd(tx, alert, now);
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
  const planned = await deliveriesFor(tx, deps, input, alert, recipients, now);
  // Limits may hold texts back (stored as failed, with the reason), never the alert itself. A drill's texts pass
  // none and count toward none (drill-raise.ts).
  const deliveries = isDrill(input)
    ? planned
    : await holdTextsOverCaps(tx, deps, await senderOf(tx, input.userId, account, alert.id, now), planned);
  const queued = await writeDeliveries(tx, alert.id, deliveries, now);
  // Each contact's text carries a link of its own to answer from (responder-page.ts); the code is derived from the
  // delivery id when the text is sent, so only its hash is written here.
  await issueResponderLinks(tx, deps.responderKey, alert.id, RESPONDER_PAGE_TEXTS.unnamedContact, now);
  return queued;
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
