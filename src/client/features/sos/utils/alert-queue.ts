import { z } from 'zod';
import { DELAYED_ALERT } from '#shared/constants';
import type { AlertDetail, CreateAlertRequest } from '#shared/schemas/alert';
import { CreateAlertRequestSchema } from '#shared/schemas/alert';

/**
 * The offline alert queue as pure functions. An alert that could not reach the server is kept with the
 * Idempotency-Key it was first sent with; replaying it later with that key can never make a second alert, because
 * the server answers a repeated key with the alert it already has.
 */
export type QueuedAlert = {
  idempotencyKey: string;
  /** Whose alert it is: only that person's session may send it. */
  userId: string;
  request: CreateAlertRequest;
  /** ISO 8601: when the person raised it. */
  queuedAt: string;
};

const QueuedAlertSchema = z.object({
  idempotencyKey: z.string().min(1),
  userId: z.string().min(1),
  request: z.custom<CreateAlertRequest>((value) => CreateAlertRequestSchema.safeParse(value).success),
  queuedAt: z.string(),
});

/** Reads a stored queue, dropping only entries that are corrupt (one bad entry must not lose the others). */
export function parseAlertQueue(raw: unknown): QueuedAlert[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = QueuedAlertSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Adds an alert; queuing the same key again keeps one entry (and its original time). */
export function enqueueAlert(queue: readonly QueuedAlert[], alert: QueuedAlert): QueuedAlert[] {
  if (queue.some((item) => item.idempotencyKey === alert.idempotencyKey)) return [...queue];
  return [...queue, alert];
}

export function removeAlerts(queue: readonly QueuedAlert[], keys: ReadonlySet<string>): QueuedAlert[] {
  return queue.filter((item) => !keys.has(item.idempotencyKey));
}

/**
 * The request a queued alert is sent with: as raised, plus how long ago that was. Both times come from this
 * phone's clock, so the difference is right even when the clock is not; a clock turned back counts as now.
 */
export function replayRequest(alert: QueuedAlert, nowMs: number): CreateAlertRequest {
  const elapsed = Math.floor((nowMs - Date.parse(alert.queuedAt)) / 1000);
  const raisedSecondsAgo = Number.isFinite(elapsed)
    ? Math.min(Math.max(elapsed, 0), DELAYED_ALERT.maxRaisedSecondsAgo)
    : 0;
  return { ...alert.request, raisedSecondsAgo };
}

/** What to do after a failed send: try again later (network, server trouble) or give up (the server said no). */
export type FailureDecision = 'retry' | 'drop';

export type FlushReport = {
  sent: { alert: QueuedAlert; detail: AlertDetail }[];
  dropped: { alert: QueuedAlert; error: unknown }[];
  /** Still queued, in order. */
  remaining: QueuedAlert[];
};

/**
 * Sends queued alerts oldest first. Stops at the first failure worth retrying: if the network or server is down
 * for one, it is down for the rest, and the next flush tries them all again.
 */
export async function flushAlertQueue(
  queue: readonly QueuedAlert[],
  send: (alert: QueuedAlert) => Promise<AlertDetail>,
  decide: (error: unknown) => FailureDecision,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], dropped: [], remaining: [] };
  const ordered = [...queue].sort((a, b) => Date.parse(a.queuedAt) - Date.parse(b.queuedAt));
  for (const [index, alert] of ordered.entries()) {
    try {
      report.sent.push({ alert, detail: await send(alert) });
    } catch (error) {
      if (decide(error) === 'drop') {
        report.dropped.push({ alert, error });
        continue;
      }
      report.remaining = ordered.slice(index);
      return report;
    }
  }
  return report;
}
