import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../adapters/clock';
import type { SmsProvider, SmsResult } from '../../adapters/sms/sms-provider';
import type { Queryable } from '../../db/database';
import type { ScheduledTask } from '../../scheduler/scheduler';
import type { AlertEvents } from './alert-events';
import * as repo from './repository';
import { DELIVERY_RETRY, decideRetry } from './retry-policy';

export const DELIVERY_TASK = 'alert-deliveries';
/** Deliveries claimed per round; a full batch makes the scheduler run another round at once. */
const BATCH_SIZE = 20;
const GAVE_UP_ERROR = 'No answer from the SMS provider after repeated attempts';
const PROVIDER_FAULT = 'The SMS provider could not be used';

export type DeliveryTaskDeps = {
  db: Queryable;
  clock: Clock;
  sms: SmsProvider;
  events: AlertEvents;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** How long a claim holds a delivery; longer than the SMS time-out so a slow send is never doubled. */
  leaseMs: number;
  /** Called after each recorded change, so a request waiting for first attempts wakes up at once. */
  onChange: () => void;
  random?: () => number;
};

/**
 * The delivery worker, as a scheduler task. One round: fail the deliveries that ran out of attempts, claim what is
 * due, send each claimed text once, record the outcome. Every step is a single statement on its own, so a crash
 * between any two leaves rows the next round (here or on another instance) picks up.
 */
export function createDeliveryTask(deps: DeliveryTaskDeps): ScheduledTask {
  const emit = (userId: string, row: repo.DeliveryRow): void => {
    try {
      deps.events.deliveryChanged({ userId, alertId: row.alert_id, delivery: repo.toDelivery(row) });
    } catch (error) {
      deps.log.warn({ err: error }, 'alert event listener failed');
    }
    deps.onChange();
  };

  const attempt = async (delivery: repo.ClaimedDelivery): Promise<void> => {
    emit(delivery.user_id, delivery);
    const result = await sendSafely(deps.sms, delivery);
    const now = deps.clock.now();
    const recorded = await repo.recordAttempt(
      deps.db,
      delivery,
      outcomeOf(result, delivery, now, deps.random),
      now,
    );
    if (recorded) emit(delivery.user_id, recorded);
  };

  return {
    name: DELIVERY_TASK,
    async run() {
      const now = deps.clock.now();
      for (const row of await repo.failExhausted(deps.db, now, DELIVERY_RETRY.maxAttempts, GAVE_UP_ERROR)) {
        emit(row.user_id, row);
      }
      const leaseUntil = new Date(now.getTime() + deps.leaseMs);
      const claimed = await repo.claimDueDeliveries(
        deps.db,
        now,
        leaseUntil,
        BATCH_SIZE,
        DELIVERY_RETRY.maxAttempts,
      );
      // One failing record (e.g. a dropped connection) must not stop the others: its lease expires and it retries.
      const results = await Promise.allSettled(claimed.map(attempt));
      for (const result of results) {
        if (result.status === 'rejected')
          deps.log.error({ err: result.reason }, 'recording a delivery failed');
      }
      return claimed.length === BATCH_SIZE;
    },
  };
}

async function sendSafely(sms: SmsProvider, delivery: repo.ClaimedDelivery): Promise<SmsResult> {
  try {
    return await sms.send({
      to: delivery.recipient,
      body: delivery.body,
      idempotencyKey: delivery.id,
      userId: delivery.user_id,
    });
  } catch {
    // Providers report failures as results; a throw is a bug or an outage (e.g. the dev outbox's database).
    return { outcome: 'retry', error: PROVIDER_FAULT };
  }
}

function outcomeOf(
  result: SmsResult,
  delivery: repo.ClaimedDelivery,
  now: Date,
  random?: () => number,
): repo.AttemptOutcome {
  if (result.outcome === 'sent') return { status: 'sent', providerMessageId: result.providerMessageId };
  if (result.outcome === 'failed') return { status: 'failed', error: result.error };
  const decision = decideRetry({
    attempts: delivery.attempts,
    firstAttemptAt: delivery.first_attempt_at,
    now,
    retryAfterMs: result.retryAfterMs,
    random,
  });
  return 'retryAt' in decision
    ? { status: 'pending', nextAttemptAt: decision.retryAt, error: result.error }
    : { status: 'failed', error: result.error };
}
