/**
 * The escalation ladder on the one job table (scheduler/jobs.ts; docs/decisions/040-the-escalation-ladder.md).
 * A new alert enqueues its first step (`scheduleEscalation`, in the transaction that raises it), due the person's
 * escalation time after its texts went out. Each step is one job, keyed `<alert>:<round>:<step>`, and enqueues
 * the next in the transaction that takes it (escalation-ladder.ts says when), so every step happens once whichever
 * instance claims it: the key makes one job per step, the job's lease and fence one attempt at a time, and the
 * alert's row lock plus the step's timeline entry make a repeated attempt (after a crash) take nothing twice.
 *
 * Each attempt locks the alert first and stops the ladder when it finds the alert acknowledged (someone
 * answered: record-response.ts) or resolved ("I'm safe", which also cancels the pending step's job:
 * `cancelEscalation`). A drill never escalates (`escalates`).
 */
import { z } from 'zod';
import { ESCALATION_STEPS } from '#shared/alert-life';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { Database, Queryable } from '../../db/database';
import { cancelJobs, enqueueJobs, type JobHandler } from '../../scheduler/jobs';
import type { RetryPolicy } from '../../scheduler/retry-policy';
import type { AlertEvents } from './alert-events';
import { isDrill } from './drill-raise';
import { escalationStart, ladder, nextDueAt, nextStep, stepKey, type LadderStep } from './escalation-ladder';
import { stepTaken } from './escalation-repository';
import { takeStep, type StepDeps } from './escalation-step';
import { hiddenFromOwner } from './owner-view';
import * as repo from './repository';
import { listResponses } from './response-repository';

export const ESCALATION_JOB = 'alert-escalation';

/** A step that could not be taken (the database was away) is tried again soon, for an hour. */
const ESCALATION_RETRY: RetryPolicy = {
  backoffMs: [5_000, 15_000, 45_000, 120_000],
  jitter: 0.2,
  maxAttempts: 12,
  giveUpAfterMs: 60 * 60_000,
};

/** A step is a few statements; a claim holds the row well past that. */
const LEASE_MS = 60_000;

const StepPayloadSchema = z.object({
  alertId: z.string(),
  round: z.int().min(1),
  step: z.enum(ESCALATION_STEPS),
  /** When this step was due: the next one is planned from it. */
  dueAt: z.iso.datetime(),
});
type StepPayload = z.infer<typeof StepPayloadSchema>;

/**
 * Whether an alert escalates at all: every alert but a drill ("Test my safety network", drill-raise.ts), which must
 * never call or text a contact again on its own. Anything else of that kind must answer false here too.
 */
export function escalates(alert: Pick<repo.AlertRow, 'trigger_type'>): boolean {
  return !isDrill(alert);
}

/** Enqueues the alert's first step, in the transaction that raises it. */
export async function scheduleEscalation(
  tx: Queryable,
  alert: repo.AlertRow,
  escalationSeconds: number,
  now: Date,
): Promise<void> {
  if (!escalates(alert)) return;
  const first = ladder()[0]!;
  await enqueueJobs(
    tx,
    [stepJob(alert.id, first, escalationStart(alert.created_at, escalationSeconds))],
    now,
  );
}

/** "I'm safe": the alert's steps not taken yet are dropped (a step under way finds the alert resolved). */
export async function cancelEscalation(tx: Queryable, alertId: string, now: Date): Promise<void> {
  const keys = ladder().map((step) => stepKey(alertId, step));
  await cancelJobs(tx, ESCALATION_JOB, keys, now);
}

function stepJob(alertId: string, step: LadderStep, dueAt: Date) {
  const payload: StepPayload = { alertId, round: step.round, step: step.step, dueAt: dueAt.toISOString() };
  return { kind: ESCALATION_JOB, key: stepKey(alertId, step), dueAt, payload };
}

export function escalationJob(
  deps: StepDeps & {
    db: Database;
    events: AlertEvents;
    /** Asks the delivery job to look for due deliveries now. */
    wakeDeliveries: () => void;
  },
): JobHandler<null> {
  return {
    kind: ESCALATION_JOB,
    retry: ESCALATION_RETRY,
    leaseMs: LEASE_MS,
    concurrency: 8,
    // Escalating an unanswered alert is the SOS path: it uses the capacity reserved for it.
    urgent: true,

    async attempt(job) {
      const parsed = StepPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return { outcome: 'failed', error: 'Malformed escalation step' };
      const payload = parsed.data;
      const now = deps.clock.now();
      const taken = await deps.db.urgent.transaction(async (tx) => {
        const alert = await repo.lockAlert(tx, payload.alertId);
        if (!alert || alert.resolved_at || alert.acknowledged_at || !escalates(alert)) return null;
        const step: LadderStep = { round: payload.round, step: payload.step };
        const result = (await stepTaken(tx, alert.id, step))
          ? { queued: 0, entry: null }
          : await takeStep(tx, deps, alert, step, now);
        const next = nextStep(step);
        if (next) {
          const dueAt = nextDueAt(new Date(payload.dueAt), next.afterSeconds, now);
          await enqueueJobs(tx, [stepJob(alert.id, next, dueAt)], now);
        }
        if (!result.entry) return { queued: result.queued, told: null };
        const progress: AlertProgress = {
          alert_id: alert.id,
          state: 'escalating',
          entry: result.entry,
          responses: (await listResponses(tx, [alert.id])).get(alert.id) ?? [],
        };
        // An alert the duress PIN "ended" on the phone escalates for everyone else: the phone must not hear of it.
        const audience = hiddenFromOwner(alert) ? { audience: 'watchers' as const } : {};
        return { queued: result.queued, told: { userId: alert.user_id, progress, ...audience } };
      });
      if (taken && taken.queued > 0) deps.wakeDeliveries();
      if (taken?.told) {
        try {
          deps.events.alertProgress(taken.told);
        } catch (error) {
          deps.log.warn({ err: error }, 'alert event listener failed');
        }
      }
      return { outcome: 'done', value: null };
    },
  };
}
