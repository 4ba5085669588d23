/**
 * What raising a drill does differently inside the one raise transaction (raise-alert.ts;
 * docs/decisions/045-safety-network-drill.md):
 *  - a person's drill still open is the answer to starting another (nobody is texted twice);
 *  - a drill counts against DRILL.perWindow (429 past it), never against the alerts per hour of an SOS;
 *  - its texts pass no SMS limit and count toward none (sms-caps.ts), so a drill can never use up what a later
 *    real alert may send; DRILL.perWindow and the contact-number caps bound what drills can text;
 *  - it never escalates (escalation-job.ts `escalates`), and it ends by itself DRILL.endsAfterMinutes after it
 *    started: one `drill-end` job, enqueued in the same transaction.
 */
import type { AlertResponseKind } from '#shared/alert-life';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { DRILL } from '#shared/constants';
import { ABUSE_LIMIT_TEXTS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limiter';
import { enqueueJobs } from '../../scheduler/jobs';
import { DRILL_TRIGGER, findOpenDrill } from './drill-repository';
import * as repo from './repository';

export const DRILL_END_JOB = 'drill-end';

const HOUR_MS = 3_600_000;

export function isDrill(alert: { trigger_type: string } | { triggerType: string }): boolean {
  return ('trigger_type' in alert ? alert.trigger_type : alert.triggerType) === DRILL_TRIGGER;
}

/** The drills limiter: DRILL.perWindow per person per window of DRILL.windowHours. */
export function drillLimiter(db: Queryable, clock: Clock) {
  return createRateLimiter(db, clock, {
    name: 'drills',
    limit: DRILL.perWindow,
    windowMs: DRILL.windowHours * HOUR_MS,
  });
}

/** The person's drill still open, locked, or undefined. */
export async function openDrill(tx: Queryable, userId: string): Promise<repo.AlertRow | undefined> {
  const open = await findOpenDrill(tx, userId);
  return open && repo.lockAlert(tx, open.id);
}

/** Counts a new drill of the person; 429 past DRILL.perWindow (nothing stored: the transaction rolls back). */
export async function countDrill(tx: Queryable, clock: Clock, userId: string): Promise<void> {
  const decision = await drillLimiter(tx, clock).consume(userId);
  if (!decision.allowed) throw tooManyRequests(decision, ABUSE_LIMIT_TEXTS.tooManyDrills);
}

/** When a drill started at `startedAt` ends by itself. */
export function drillEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + DRILL.endsAfterMinutes * 60_000);
}

/** Enqueues the drill's own end, in the transaction that raises it; nothing for any other alert. */
export async function scheduleDrillEnd(tx: Queryable, alert: repo.AlertRow, now: Date): Promise<void> {
  if (!isDrill(alert)) return;
  await enqueueJobs(
    tx,
    [
      {
        kind: DRILL_END_JOB,
        key: alert.id,
        dueAt: drillEndsAt(alert.created_at),
        payload: { drillId: alert.id },
      },
    ],
    now,
  );
}

/**
 * "I got it" (`acknowledged`) answers a drill only: a real alert's contacts and guardians answer with its buttons
 * ("on my way", "calling"). 400 naming the field otherwise, before anything is stored.
 */
export function checkAnswerFits(isADrill: boolean, response: AlertResponseKind): void {
  if (response === 'acknowledged' && !isADrill) {
    throw new AppError('validation_failed', ALERT_LIFE_TEXTS.invalidResponse, { field: 'response' });
  }
}
