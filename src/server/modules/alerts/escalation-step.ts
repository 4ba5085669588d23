/**
 * One step of the escalation ladder, inside the transaction that holds the alert's lock (escalation-job.ts):
 *  - `push_again`: a push to each of the person's active guardians with a browser subscribed, as the alert's
 *    (same tag: it replaces the alert's notification and rings again);
 *  - `text_again`: a "STILL NO RESPONSE" text to every number the alert's own text went to (not those a cap held
 *    back: escalation never reaches a number the limits kept the alert from);
 *  - `call`: a `voice` delivery to the primary contact (the first saved contact the alert texted), whose body is
 *    the words to speak; at most ALERT_ESCALATION.callsPerPersonPerHour per person per clock hour.
 * Each is a delivery of purpose `escalation` with its round, sent by the one delivery job; the step is written on
 * the timeline when it queued something (a step with nobody to reach claims nothing).
 */
import { ALERT_ESCALATION } from '#shared/alert-life';
import { guardianViewUrl } from '#shared/constants';
import {
  ESCALATION_PUSH_TEXTS,
  buildEscalationCallScript,
  buildStillNoResponseSms,
} from '#shared/escalation-texts';
import type { AlertTimelineEntry } from '#shared/schemas/alert-life';
import type { PushPayload } from '#shared/schemas/push';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { createRateLimiter } from '../../http/rate-limiter';
import { writeDeliveries } from './delivery-job';
import type { LadderStep } from './escalation-ladder';
import { listTextedContacts, markEscalationRound } from './escalation-repository';
import type { ProfilesPort, PushSubscriptionsPort } from './ports';
import type * as repo from './repository';
import { appendTimeline } from './timeline-repository';

export type StepDeps = {
  clock: Clock;
  profiles: ProfilesPort;
  pushSubscriptions: PushSubscriptionsPort;
  log: { warn(object: unknown, message: string): void };
};

const HOUR_MS = 3_600_000;

/** Takes the step: queues its deliveries and, if any, records it. Returns the jobs queued and the entry. */
export async function takeStep(
  tx: Queryable,
  deps: StepDeps,
  alert: repo.AlertRow,
  step: LadderStep,
  now: Date,
): Promise<{ queued: number; entry: AlertTimelineEntry | null }> {
  const fullName = (await deps.profiles.findFullNames(tx, [alert.user_id])).get(alert.user_id) ?? '';
  const deliveries = await deliveriesOf(tx, deps, alert, step, fullName);
  const queued = await writeDeliveries(
    tx,
    alert.id,
    deliveries.map((d) => ({ ...d, purpose: 'escalation' as const, round: step.round })),
    now,
  );
  if (queued === 0) return { queued, entry: null };
  await markEscalationRound(tx, alert.id, step.round);
  const entry = await appendTimeline(tx, alert.id, {
    kind: 'escalated',
    at: now,
    escalationStep: step.step,
    round: step.round,
  });
  return { queued, entry };
}

async function deliveriesOf(
  tx: Queryable,
  deps: StepDeps,
  alert: repo.AlertRow,
  step: LadderStep,
  fullName: string,
): Promise<repo.NewDelivery[]> {
  switch (step.step) {
    case 'push_again':
      return pushAgain(tx, deps, alert, fullName);
    case 'text_again':
      return (await listTextedContacts(tx, alert.id)).map((contact) => ({
        channel: 'sms',
        recipient: contact.recipient,
        recipientName: contact.recipient_name,
        contactId: contact.contact_id,
        body: buildStillNoResponseSms({ fullName, alertText: contact.body }),
      }));
    case 'call':
      return call(tx, deps, alert, fullName);
  }
}

async function pushAgain(
  tx: Queryable,
  deps: StepDeps,
  alert: repo.AlertRow,
  fullName: string,
): Promise<repo.NewDelivery[]> {
  const guardians = [
    ...(await deps.pushSubscriptions.usersWithSubscriptions(tx, await activeGuardianIds(tx, alert.user_id))),
  ];
  if (guardians.length === 0) return [];
  const names = await deps.profiles.findFullNames(tx, guardians);
  const payload: PushPayload = {
    title: ESCALATION_PUSH_TEXTS.title(fullName),
    body: ESCALATION_PUSH_TEXTS.body(fullName),
    url: guardianViewUrl(alert.user_id),
    tag: `alert-${alert.id}`,
  };
  const body = JSON.stringify(payload);
  return guardians.map((id) => ({
    channel: 'push',
    recipient: id,
    recipientName: names.get(id) || null,
    contactId: null,
    body,
  }));
}

/** The call to the primary contact, unless the person's calls this clock hour are used up (logged, no call). */
async function call(
  tx: Queryable,
  deps: StepDeps,
  alert: repo.AlertRow,
  fullName: string,
): Promise<repo.NewDelivery[]> {
  const primary = (await listTextedContacts(tx, alert.id)).find((contact) => contact.contact_id !== null);
  if (!primary) return [];
  const calls = createRateLimiter(tx, deps.clock, {
    name: 'escalation-calls',
    limit: ALERT_ESCALATION.callsPerPersonPerHour,
    windowMs: HOUR_MS,
  });
  if (!(await calls.consume(alert.user_id)).allowed) {
    deps.log.warn(
      { callsPerHour: ALERT_ESCALATION.callsPerPersonPerHour },
      "an escalation call was not placed: the person's alerts used up their calls this hour",
    );
    return [];
  }
  return [
    {
      channel: 'voice',
      recipient: primary.recipient,
      recipientName: primary.recipient_name,
      contactId: primary.contact_id,
      body: buildEscalationCallScript({
        fullName,
        triggerType: alert.trigger_type,
        message: alert.message,
        address: alert.location_address,
        hasPosition: alert.location_lat !== null,
      }),
    },
  ];
}
