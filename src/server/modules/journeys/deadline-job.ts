/**
 * The job kinds that fire a journey's deadline (docs/ARCHITECTURE.md, "The path of a deadline"). Each escort and
 * each check-in has one row in the job table, keyed by its id and due at its deadline: written in the
 * transaction that starts it, moved when time is added or the person checks in, cancelled when it ends. When
 * the row comes due, whichever instance claims it runs `fire(id)`, which is safe to repeat: it marks the journey
 * only if it is still active and its deadline (as it stands now) has passed, and raises the alert under a key
 * derived from the journey, so a repeated attempt finds the same alert.
 *
 * The row is due a grace after the deadline (`deadlineGraceMs`), or the person's last chance when that is longer
 * (`alertWaitMs`; the journey keeps the one it started with), not at it: a check-in, arrival, stop or added
 * time counts from the moment the server received it (`request.receivedAt`), and one received just before the
 * deadline may still be on its way through the server when the deadline passes, possibly on another instance.
 */
import { activeGuardianIds } from '../../access/guardian-rule';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { JobHandler } from '../../scheduler/jobs';
import type { RetryPolicy } from '../../scheduler/retry-policy';
import type { ContactsPort, DeadlineAlertInput, RaiseAlert } from './ports';

export const ESCORT_DEADLINE_JOB = 'escort-deadline';
export const CHECK_IN_DEADLINE_JOB = 'checkin-deadline';

/** A deadline that could not be acted on (the database was away) is tried again soon, for an hour. */
const DEADLINE_RETRY: RetryPolicy = {
  backoffMs: [5_000, 15_000, 45_000, 120_000, 300_000],
  jitter: 0.2,
  maxAttempts: 12,
  giveUpAfterMs: 60 * 60_000,
};

/**
 * What a journey action may take, once the server has it all, to be admitted and committed: its priority slot
 * (http/admission.ts), one short transaction, and Node's check for requests past their time-out (at most 1 s).
 */
export const DEADLINE_HANDLING_ALLOWANCE_MS = 5_000;

/**
 * How long after a deadline its job fires: the longest a request received by the deadline can take to arrive
 * whole (the request time-out, HTTP_REQUEST_TIMEOUT_MS; then Node cuts it off) and be handled. So an action the
 * server received in time has committed before the job looks, and the job finds the journey moved or ended. Every
 * missed deadline's alert waits this long (15 s by default), and no longer: it is as small as that promise allows.
 */
export function deadlineGraceMs(http: Pick<Config['http'], 'requestTimeoutMs'>): number {
  return http.requestTimeoutMs + DEADLINE_HANDLING_ALLOWANCE_MS;
}

/**
 * How long after a journey's deadline its alert waits: the request grace, or the person's last chance
 * (reminder-jobs.ts: "Are you safe?" on their own phone) when that is longer.
 */
export function alertWaitMs(graceMs: number, lastChanceSeconds: number): number {
  return Math.max(graceMs, lastChanceSeconds * 1000);
}

/** When the job of a deadline comes due. */
export function firesAt(deadline: Date, graceMs: number, lastChanceSeconds = 0): Date {
  return new Date(deadline.getTime() + alertWaitMs(graceMs, lastChanceSeconds));
}

/** Raising an alert is a few statements; a claim holds the row well past that. */
const LEASE_MS = 60_000;

/** The job of one deadline kind: `fire(id)` acts on the journey the job is keyed by. */
export function deadlineJob(kind: string, fire: (journeyId: string) => Promise<void>): JobHandler<null> {
  return {
    kind,
    retry: DEADLINE_RETRY,
    leaseMs: LEASE_MS,
    concurrency: 8,
    // Raising the alert is the SOS path: claims use the reserved capacity too.
    urgent: true,
    async attempt(job) {
      await fire(job.key);
      return { outcome: 'done', value: null };
    },
  };
}

/** The alert's key for a journey's deadline: the same journey always finds the same alert. */
export function deadlineAlertKey(kind: 'escort' | 'checkin', journeyId: string): string {
  return kind === 'escort' ? `escort-expired:${journeyId}` : `checkin-missed:${journeyId}`;
}

/**
 * Raises a deadline's alert through the one alert pipeline; null when nobody at all could be told (no contact
 * and no active guardian). Without contacts the alert still reaches the person's guardians (`guardiansSuffice`).
 */
export async function raiseDeadlineAlert(
  raiseAlert: RaiseAlert,
  input: Omit<DeadlineAlertInput, 'guardiansSuffice'>,
): Promise<string | null> {
  try {
    return (await raiseAlert({ ...input, guardiansSuffice: true })).alertId;
  } catch (error) {
    if (error instanceof AppError && error.code === 'no_emergency_contacts') return null;
    throw error;
  }
}

/**
 * Whether a deadline's alert would reach anyone: a saved contact, or an active guardian (`raiseDeadlineAlert`
 * accepts guardians alone). A journey that promises to tell someone starts only when this holds.
 */
export async function hasSomeoneToTell(
  tx: Queryable,
  contacts: ContactsPort,
  userId: string,
): Promise<boolean> {
  if ((await contacts.countContacts(tx, userId)) > 0) return true;
  return (await activeGuardianIds(tx, userId)).length > 0;
}
