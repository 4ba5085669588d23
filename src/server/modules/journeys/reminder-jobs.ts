/**
 * The reminders of a journey's deadline to the person's own devices (docs/ARCHITECTURE.md, "The path of a
 * deadline"): five minutes before it, "5 minutes left", and at it, the last chance ("Are you safe? Your contacts
 * will be texted in 2 minutes"). Each is a row of the one job table keyed by the journey (`escort:<id>`,
 * `checkin:<id>`), written, moved and cancelled in the same transaction as the deadline's own job, so each is sent
 * once across instances and never for a deadline that has moved or a journey that has ended. An attempt looks at
 * the journey as it stands and sends only inside its window; the push goes through the `push` channel to every
 * browser the person subscribed, and a person without one has a failed job that says so, never a sent one.
 */
import { LAST_CHANCE } from '#shared/last-chance';
import { LAST_CHANCE_PUSH_TEXTS } from '#shared/last-chance-texts';
import type { PushPayload } from '#shared/schemas/push';
import type { Queryable } from '../../db/database';
import { cancelJob, rearmJob, type Attempt, type JobHandler } from '../../scheduler/jobs';
import type { RetryPolicy } from '../../scheduler/retry-policy';
import type { OwnDevicesPush } from './ports';

export const JOURNEY_WARNING_PUSH_JOB = 'journey-reminder-push';
export const JOURNEY_LAST_CHANCE_PUSH_JOB = 'journey-last-chance-push';

export type JourneyRef = { kind: 'escort' | 'checkin'; id: string };
export type ReminderStep = 'warning' | 'last-chance';

/** The journey as an attempt needs it: whose, whether still active, its deadline and its last chance. */
export type ReminderJourney = {
  userId: string;
  active: boolean;
  deadline: Date;
  lastChanceSeconds: number;
};

/** A reminder is worth little late: tried again within its window only (each attempt checks the window). */
const REMINDER_RETRY: RetryPolicy = {
  backoffMs: [5_000, 15_000, 30_000],
  jitter: 0.2,
  maxAttempts: 6,
  giveUpAfterMs: 5 * 60_000,
};

/** A pattern a phone feels in a pocket: three pulses, the last long. */
export const REMINDER_VIBRATION_MS = [300, 150, 300, 150, 600];

export function reminderKey(ref: JourneyRef): string {
  return `${ref.kind}:${ref.id}`;
}

function parseKey(key: string): JourneyRef | null {
  const [kind, id] = key.split(':');
  if ((kind !== 'escort' && kind !== 'checkin') || !id) return null;
  return { kind, id };
}

/**
 * Sets both reminders of a journey to its (new) deadline, in the caller's transaction: the warning five minutes
 * before it when that is still ahead (a journey shorter than that, or time added inside the last five minutes,
 * gets none), the last chance at it when the person has one (0 minutes: none).
 */
export async function armReminders(
  tx: Queryable,
  ref: JourneyRef,
  deadline: Date,
  lastChanceSeconds: number,
  now: Date,
): Promise<void> {
  const key = reminderKey(ref);
  const warningAt = new Date(deadline.getTime() - LAST_CHANCE.warningMs);
  if (warningAt.getTime() > now.getTime()) {
    await rearmJob(tx, { kind: JOURNEY_WARNING_PUSH_JOB, key }, warningAt, now);
  } else {
    await cancelJob(tx, { kind: JOURNEY_WARNING_PUSH_JOB, key }, now);
  }
  if (lastChanceSeconds > 0) {
    await rearmJob(tx, { kind: JOURNEY_LAST_CHANCE_PUSH_JOB, key }, deadline, now);
  } else {
    await cancelJob(tx, { kind: JOURNEY_LAST_CHANCE_PUSH_JOB, key }, now);
  }
}

/** Cancels both reminders of a journey that ended, in the caller's transaction. */
export async function cancelReminders(tx: Queryable, ref: JourneyRef, now: Date): Promise<void> {
  const key = reminderKey(ref);
  await cancelJob(tx, { kind: JOURNEY_WARNING_PUSH_JOB, key }, now);
  await cancelJob(tx, { kind: JOURNEY_LAST_CHANCE_PUSH_JOB, key }, now);
}

/** What the person's phone shows for a reminder; tapping it opens the journey's screen. */
export function reminderPayload(step: ReminderStep, ref: JourneyRef, lastChanceSeconds: number): PushPayload {
  const warning = step === 'warning';
  return {
    title: warning ? LAST_CHANCE_PUSH_TEXTS.warningTitle : LAST_CHANCE_PUSH_TEXTS.lastChanceTitle,
    body: warning
      ? LAST_CHANCE_PUSH_TEXTS.warningBody(ref.kind)
      : LAST_CHANCE_PUSH_TEXTS.lastChanceBody(Math.round(lastChanceSeconds / 60)),
    url: ref.kind === 'escort' ? '/map' : '/checkin',
    // One per journey: the last chance replaces the warning on the lock screen, and `renotify` sounds it again.
    tag: `journey-${ref.id}`,
    vibrate: REMINDER_VIBRATION_MS,
  };
}

/** Whether a reminder is still worth sending now: the journey is active and the clock is inside its window. */
export function reminderIsDue(step: ReminderStep, journey: ReminderJourney, now: Date): boolean {
  if (!journey.active) return false;
  const deadline = journey.deadline.getTime();
  if (step === 'warning') return now.getTime() < deadline;
  return now.getTime() >= deadline && now.getTime() < deadline + journey.lastChanceSeconds * 1000;
}

/** The job of one reminder step; `findJourney` reads the journey the key names (undefined: there is none). */
export function reminderJob(
  step: ReminderStep,
  deps: {
    findJourney(ref: JourneyRef): Promise<ReminderJourney | undefined>;
    push: OwnDevicesPush;
    now(): Date;
    leaseMs: number;
  },
): JobHandler<null> {
  return {
    kind: step === 'warning' ? JOURNEY_WARNING_PUSH_JOB : JOURNEY_LAST_CHANCE_PUSH_JOB,
    retry: REMINDER_RETRY,
    leaseMs: deps.leaseMs,
    concurrency: 8,
    async attempt(job): Promise<Attempt<null>> {
      const ref = parseKey(job.key);
      if (!ref) return { outcome: 'failed', error: 'Unreadable reminder key' };
      const journey = await deps.findJourney(ref);
      // Ended, moved past, or too late to matter: nothing to send, and nothing pretends it was.
      if (!journey || !reminderIsDue(step, journey, deps.now())) return { outcome: 'done', value: null };
      const result = await deps.push({
        userId: journey.userId,
        body: JSON.stringify(reminderPayload(step, ref, journey.lastChanceSeconds)),
        idempotencyKey: `${job.kind}:${job.key}:${journey.deadline.toISOString()}`,
      });
      if (result.outcome === 'sent' || result.outcome === 'kept_in_dev_outbox') {
        return { outcome: 'done', value: null };
      }
      return result.outcome === 'retry'
        ? { outcome: 'retry', error: result.error, retryAfterMs: result.retryAfterMs }
        : { outcome: 'failed', error: result.error };
    },
  };
}
