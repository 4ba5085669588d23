/**
 * The delivery worker: a kind of the one job mechanism (scheduler/jobs.ts). Every delivery of an alert — a text
 * to a contact, a push to a guardian — is a job with the delivery's id as its key. An attempt marks the delivery
 * `sending`, sends it through its channel's sender, and the outcome (`sent`, `kept_in_dev_outbox`, a retry with
 * backoff, or `failed`) is written to the delivery in the job's fenced settlement.
 *
 * Exactly once with a real provider: any attempt after the first may follow one that reached the provider and
 * then lost its answer (a crash, a time-out). So before sending again it asks the sender whether this delivery
 * was already taken since the first attempt began (`findEarlierSend`: Twilio's message list, matched by the
 * reference in the text); if so, it records that message as sent and sends nothing. When the provider cannot be
 * asked it sends anyway: for an SOS a text that may arrive twice is better than one that never arrives. Attempts run independently, at most CONCURRENCY at
 * once per instance, on the database capacity reserved for the SOS path: one hanging provider request holds one
 * slot, never another person's SOS.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CANCELLED_DELIVERY_ERROR } from '#shared/active-alert-texts';
import { withResponderLink } from '#shared/alert-sms-text';
import { withDrillResponderLink } from '#shared/drill-texts';
import {
  DELIVERY_RETRY,
  type ChannelSender,
  type ChannelSenders,
  type EarlierSend,
  type OutgoingMessage,
  type SendResult,
} from '../../adapters/channels';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import { enqueueJobs, type Attempt, type JobHandler, type Settlement } from '../../scheduler/jobs';
import type { AlertEvents } from './alert-events';
import * as repo from './repository';
import { isDrill } from './drill-raise';
import { responderCode, responderUrl } from './responder-code';
import { hasResponderLink } from './responder-link-repository';

export const DELIVERY_JOB = 'alert-delivery';

/** Deliveries being sent at once on one instance. */
export const DELIVERY_CONCURRENCY = 32;

export const DELIVERY_ERRORS = {
  providerFault: 'The provider could not be used',
  noSender: (channel: string) => `No ${channel} sender is configured on this server`,
  gone: 'The alert no longer exists',
} as const;

type Sent = { providerMessageId: string | null; status: 'sent' | 'kept_in_dev_outbox' };

/**
 * Writes an alert's deliveries and, in the same transaction, a delivery job for each one to send (a held text gets
 * none). Returns how many jobs were queued.
 */
export async function writeDeliveries(
  tx: Queryable,
  alertId: string,
  deliveries: readonly repo.NewDelivery[],
  now: Date,
): Promise<number> {
  const ids = await repo.insertDeliveries(tx, alertId, deliveries, now);
  await enqueueJobs(
    tx,
    ids.map((id) => ({ kind: DELIVERY_JOB, key: id, dueAt: now })),
    now,
  );
  return ids.length;
}

export function deliveryJob(deps: {
  db: Database;
  clock: Clock;
  /** Looked up at send time: channels may be added while the app is assembled. */
  channels: ChannelSenders;
  events: AlertEvents;
  log: Pick<FastifyBaseLogger, 'warn'>;
  leaseMs: number;
  /** Called after each recorded change, so a request waiting for first attempts wakes up at once. */
  onChange: () => void;
  /** Where a contact's responder link points, and the secret its code is derived with (responder-code.ts). */
  origin: string;
  responderKey: string;
}): JobHandler<Sent> {
  /** Contacts' deliveries are shown to the person and their guardians; a guardian's own push is not. */
  const emit = (row: repo.DeliveryRow & repo.OwnerVisibility): void => {
    if (row.channel !== 'push') {
      try {
        deps.events.deliveryChanged({
          userId: row.user_id,
          alertId: row.alert_id,
          delivery: repo.toDelivery(row),
          ...(row.hidden_from_owner ? { audience: 'watchers' as const } : {}),
        });
      } catch (error) {
        deps.log.warn({ err: error }, 'alert event listener failed');
      }
    }
    deps.onChange();
  };

  return {
    kind: DELIVERY_JOB,
    retry: DELIVERY_RETRY,
    leaseMs: deps.leaseMs,
    concurrency: DELIVERY_CONCURRENCY,
    urgent: true,

    async attempt(job): Promise<Attempt<Sent>> {
      const delivery = await repo.startAttempt(
        deps.db.urgent,
        { id: job.key, attempts: job.attempts, cancelledError: CANCELLED_DELIVERY_ERROR },
        deps.clock.now(),
      );
      if (!delivery) return { outcome: 'failed', error: DELIVERY_ERRORS.gone };
      emit(delivery);
      // The person said they were safe before this alert text went out: it is never sent (already recorded).
      if (delivery.status === 'cancelled') return { outcome: 'failed', error: CANCELLED_DELIVERY_ERROR };
      const sender = deps.channels[delivery.channel];
      if (!sender) return { outcome: 'failed', error: DELIVERY_ERRORS.noSender(delivery.channel) };
      const message = {
        to: delivery.recipient,
        body: await bodyToSend(deps.db.urgent, delivery, deps),
        idempotencyKey: delivery.id,
        userId: delivery.user_id,
      };
      if (job.attempts > 1 && job.first_attempt_at) {
        const earlier = await earlierSend(sender, message, job.first_attempt_at, deps.log);
        if (earlier) return earlier;
      }
      return toAttempt(
        await sender
          .send(message)
          .catch((): SendResult => ({ outcome: 'retry', error: DELIVERY_ERRORS.providerFault })),
      );
    },

    async settle(tx, job, settlement) {
      const row = await repo.recordOutcome(
        tx,
        { id: job.key, attempts: job.attempts },
        outcomeOf(settlement),
        deps.clock.now(),
      );
      return row ? () => emit(row) : undefined;
    },
  };
}

/**
 * The text as this recipient receives it: a contact's alert text gets their responder link, its code derived
 * again from the delivery id, so every attempt sends exactly the same words.
 */
async function bodyToSend(
  db: Queryable,
  delivery: repo.DeliveryToSend,
  keys: { origin: string; responderKey: string },
): Promise<string> {
  if (delivery.channel !== 'sms' || delivery.purpose !== 'alert') return delivery.body;
  if (!(await hasResponderLink(db, delivery.id))) return delivery.body;
  const url = responderUrl(keys.origin, responderCode(keys.responderKey, delivery.id));
  // A drill's text asks the contact to confirm they got it (drill-raise.ts).
  return isDrill(delivery)
    ? withDrillResponderLink(delivery.body, url)
    : withResponderLink(delivery.body, url);
}

/** The earlier send as a finished attempt, or undefined when this attempt must send (none, or unknown). */
async function earlierSend(
  sender: ChannelSender,
  message: OutgoingMessage,
  since: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Attempt<Sent> | undefined> {
  if (!sender.findEarlierSend) return undefined;
  const earlier = await sender
    .findEarlierSend(message, since)
    .catch((): EarlierSend => ({ outcome: 'unknown', error: DELIVERY_ERRORS.providerFault }));
  if (earlier.outcome === 'found') {
    return { outcome: 'done', value: { providerMessageId: earlier.providerMessageId, status: 'sent' } };
  }
  if (earlier.outcome === 'unknown') {
    log.warn(
      { reason: earlier.error },
      'could not ask the SMS provider about an earlier attempt; sending again',
    );
  }
  return undefined;
}

function toAttempt(result: SendResult): Attempt<Sent> {
  switch (result.outcome) {
    case 'sent':
    case 'kept_in_dev_outbox':
      return {
        outcome: 'done',
        value: { providerMessageId: result.providerMessageId, status: result.outcome },
      };
    default:
      return result;
  }
}

function outcomeOf(settlement: Settlement<Sent>): repo.DeliveryOutcome {
  switch (settlement.status) {
    case 'done':
      return { status: settlement.value.status, providerMessageId: settlement.value.providerMessageId };
    case 'pending':
      return { status: 'pending', nextAttemptAt: settlement.dueAt, error: settlement.error };
    case 'failed':
      return { status: 'failed', error: settlement.error };
  }
}
