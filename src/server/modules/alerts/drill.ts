/**
 * "Test my safety network" (docs/decisions/045-safety-network-drill.md): a drill is an alert of trigger `drill`
 * raised through the one pipeline (raise-alert.ts, with drill-raise.ts's rules), so its texts and pushes go out,
 * are retried and are answered exactly as an SOS's would. What it never does: escalate, call, join or be joined by
 * an SOS, open the person's active-alert screen, count toward the SMS limits, or send an all-clear when it ends.
 *  - `start`: POST /api/safety-network/drills (429 past DRILL.perWindow; the open drill again while one runs).
 *  - `read`: GET /api/safety-network/drills/:id, per contact and guardian: the delivery's real status and answer.
 *  - `end`: POST /api/safety-network/drills/:id/end, or by itself through the `drill-end` job.
 * Only the drill's owner reads or ends it: another person's id answers 404 like one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CANCELLED_DELIVERY_ERROR } from '#shared/active-alert-texts';
import { normalisePhoneNumber } from '#shared/phone';
import type { Drill, DrillRecipient, SafetyNetwork } from '#shared/schemas/safety-network';
import { ERRORS } from '#shared/texts';
import { activeGuardianIds } from '../../access/guardian-rule';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import { cancelJob, cancelJobs, type JobHandler } from '../../scheduler/jobs';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { DELIVERY_JOB } from './delivery-job';
import { DRILL_END_JOB, drillEndsAt, drillLimiter } from './drill-raise';
import {
  DRILL_TRIGGER,
  endDrillRow,
  findDrill,
  listDrillAnswers,
  listDrillDeliveries,
  type DrillAnswerRow,
  type DrillDeliveryRow,
} from './drill-repository';
import { raiseAlert } from './raise-alert';
import * as repo from './repository';
import { drillsLeft, readNetwork } from './safety-network';
import { appendTimeline } from './timeline-repository';

export type DrillService = {
  network(auth: AuthContext): Promise<SafetyNetwork>;
  start(auth: AuthContext): Promise<{ drill: Drill; created: boolean }>;
  read(auth: AuthContext, drillId: string): Promise<Drill>;
  end(auth: AuthContext, drillId: string): Promise<Drill>;
};

export function createDrillService(deps: AlertDeps): DrillService {
  const owner = async (auth: AuthContext): Promise<string> =>
    (await deps.access.require(auth, 'manage', { ownerId: auth.userId })).ownerId;

  const readOwn = async (ownerId: string, drillId: string): Promise<Drill> => {
    const drill = await findDrill(deps.db, ownerId, drillId);
    if (!drill) throw new AppError('not_found', ERRORS.notFound);
    return drillView(deps, drill);
  };

  return {
    async network(auth) {
      const ownerId = await owner(auth);
      const network = await readNetwork(deps.db, deps, ownerId);
      const counted = await drillLimiter(deps.db, deps.clock).peek(ownerId);
      return { ...network, drills_left: drillsLeft(counted) };
    },

    async start(auth) {
      const ownerId = await owner(auth);
      // Guardians suffice: a person whose only network is their guardians can test it too.
      const raised = await raiseAlert(deps, {
        userId: ownerId,
        triggerType: DRILL_TRIGGER,
        idempotencyKey: `drill:${randomUUID()}`,
        guardiansSuffice: true,
      });
      return { drill: await readOwn(ownerId, raised.alertId), created: raised.outcome === 'created' };
    },

    async read(auth, drillId) {
      return readOwn(await owner(auth), drillId);
    },

    async end(auth, drillId) {
      const ownerId = await owner(auth);
      const drill = await findDrill(deps.db, ownerId, drillId);
      if (!drill) throw new AppError('not_found', ERRORS.notFound);
      await endDrill(deps, drillId);
      return readOwn(ownerId, drillId);
    },
  };
}

/**
 * Ends the drill now, once: marks it ended, cancels its texts and pushes not sent yet (with their jobs) and its
 * own end job, adds the end to its timeline, and tells the person's and their guardians' screens. Sends nothing:
 * nobody was in danger, so there is no all-clear. False when it had ended already.
 */
export async function endDrill(
  deps: Pick<AlertDeps, 'db' | 'clock' | 'events' | 'log'>,
  drillId: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const ended = await deps.db.urgent.transaction(async (tx) => {
    const row = await endDrillRow(tx, drillId, now);
    if (!row) return null;
    const cancelled = await repo.cancelUnsentAlertDeliveries(tx, drillId, CANCELLED_DELIVERY_ERROR, now);
    await cancelJobs(tx, DELIVERY_JOB, cancelled, now);
    await cancelJob(tx, { kind: DRILL_END_JOB, key: drillId }, now);
    await appendTimeline(tx, drillId, { kind: 'resolved', at: now });
    return repo.lockAlert(tx, drillId);
  });
  if (!ended) return false;
  try {
    deps.events.alertResolved({ userId: ended.user_id, alert: await loadDetail(deps.db.urgent, ended) });
  } catch (error) {
    deps.log.warn({ err: error }, 'alert event listener failed');
  }
  return true;
}

/** The drill as its screen shows it: one line per contact texted and per active guardian. */
async function drillView(
  deps: AlertDeps,
  drill: { id: string; user_id: string; created_at: Date; resolved_at: Date | null },
): Promise<Drill> {
  const deliveries = await listDrillDeliveries(deps.db, drill.id);
  const answers = await listDrillAnswers(deps.db, drill.id);
  const guardianIds = await activeGuardianIds(deps.db, drill.user_id);
  const pushed = new Set(deliveries.filter((d) => d.channel === 'push').map((d) => d.recipient));
  const unpushed = guardianIds.filter((id) => !pushed.has(id));
  const names = await deps.profiles.findFullNames(deps.db, [...pushed, ...unpushed]);
  const recipients: DrillRecipient[] = [
    ...deliveries.map((d) => recipientOf(d, answers, names)),
    ...unpushed.map((id) => ({
      kind: 'guardian' as const,
      name: names.get(id) ?? '',
      channel: null,
      status: null,
      last_error: null,
      held_reason: null,
      sent_at: null,
      ...answerOf(answers, (a) => a.guardian_id === id),
    })),
  ];
  const network = await readNetwork(deps.db, deps, drill.user_id);
  return {
    id: drill.id,
    started_at: drill.created_at.toISOString(),
    ends_at: drillEndsAt(drill.created_at).toISOString(),
    ended_at: drill.resolved_at?.toISOString() ?? null,
    recipients,
    reachable: network.reachable,
    too_few: network.too_few,
  };
}

function recipientOf(
  delivery: DrillDeliveryRow,
  answers: readonly DrillAnswerRow[],
  names: Map<string, string>,
): DrillRecipient {
  const guardian = delivery.channel === 'push';
  return {
    kind: guardian ? 'guardian' : 'contact',
    name:
      (guardian ? names.get(delivery.recipient) : delivery.recipient_name) ?? delivery.recipient_name ?? '',
    channel: delivery.channel,
    status: delivery.status as DrillRecipient['status'],
    last_error: delivery.last_error,
    held_reason: delivery.held_reason,
    sent_at: delivery.sent_at?.toISOString() ?? null,
    ...answerOf(answers, (a) =>
      guardian
        ? a.guardian_id === delivery.recipient
        : a.contact_phone !== null && normalisePhoneNumber(a.contact_phone) === delivery.recipient,
    ),
  };
}

function answerOf(
  answers: readonly DrillAnswerRow[],
  theirs: (answer: DrillAnswerRow) => boolean,
): Pick<DrillRecipient, 'response' | 'responded_at'> {
  const answer = answers.find(theirs);
  return { response: answer?.response ?? null, responded_at: answer?.responded_at.toISOString() ?? null };
}

const DrillEndPayloadSchema = z.object({ drillId: z.string() });

/** The drill left open ends by itself (drill-raise.ts enqueued this job when it started). */
export function drillEndJob(deps: Pick<AlertDeps, 'db' | 'clock' | 'events' | 'log'>): JobHandler<null> {
  return {
    kind: DRILL_END_JOB,
    retry: {
      backoffMs: [5_000, 15_000, 45_000, 120_000],
      jitter: 0.2,
      maxAttempts: 12,
      giveUpAfterMs: 3_600_000,
    },
    leaseMs: 60_000,
    concurrency: 4,
    async attempt(job) {
      const parsed = DrillEndPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return { outcome: 'failed', error: 'Malformed drill end' };
      await endDrill(deps, parsed.data.drillId);
      return { outcome: 'done', value: null };
    },
  };
}
