import { STORAGE_KEYS } from '#shared/constants';
import type { AlertDetail } from '#shared/schemas/alert';
import { readJson, readStorage, writeJson } from '../../../lib/storage';
import {
  enqueueAlert,
  flushAlertQueue,
  parseAlertQueue,
  removeAlerts,
  type FailureDecision,
  type FlushReport,
  type QueuedAlert,
} from '../utils/alert-queue';

/**
 * The alert queue in local storage (it must survive a reload and a closed tab), per person, with change
 * notifications for `useSyncExternalStore`. The rules live in utils/alert-queue.ts.
 */
export function alertQueueKey(userId: string): string {
  return `${STORAGE_KEYS.alertQueue}:${userId}`;
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; queue: QueuedAlert[] }>();
const EMPTY: QueuedAlert[] = [];

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab queued or sent an alert.
  if (event.key === null || event.key.startsWith(STORAGE_KEYS.alertQueue)) emit();
}

export function subscribeAlertQueue(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** A stable array per stored value, as `useSyncExternalStore` needs. */
export function readAlertQueue(userId: string | undefined): QueuedAlert[] {
  if (!userId) return EMPTY;
  const raw = readStorage(alertQueueKey(userId));
  const cached = snapshots.get(userId);
  if (cached && cached.raw === raw) return cached.queue;
  const queue = parseAlertQueue(readJson(alertQueueKey(userId)));
  snapshots.set(userId, { raw, queue });
  return queue;
}

function writeAlertQueue(userId: string, queue: QueuedAlert[]): void {
  writeJson(alertQueueKey(userId), queue);
  emit();
}

export function queueAlert(alert: QueuedAlert): void {
  writeAlertQueue(alert.userId, enqueueAlert(readAlertQueue(alert.userId), alert));
}

const inFlight = new Map<string, Promise<FlushReport>>();

/**
 * Sends this person's queued alerts and resolves with what happened, or with null when a flush was already
 * running (the online event, the start-up flush and a "try now" tap may coincide): the caller that started it
 * reports the outcome, so each alert is sent, and announced, once. Storage is re-read afterwards, so an alert
 * queued during the flush is kept.
 */
export async function flushQueuedAlerts(
  userId: string,
  send: (alert: QueuedAlert) => Promise<AlertDetail>,
  decide: (error: unknown) => FailureDecision,
): Promise<FlushReport | null> {
  const running = inFlight.get(userId);
  if (running) {
    await running.catch(() => undefined);
    return null;
  }
  const flush = (async () => {
    const report = await flushAlertQueue(readAlertQueue(userId), send, decide);
    const done = new Set([...report.sent, ...report.dropped].map((entry) => entry.alert.idempotencyKey));
    if (done.size > 0) writeAlertQueue(userId, removeAlerts(readAlertQueue(userId), done));
    return report;
  })().finally(() => inFlight.delete(userId));
  inFlight.set(userId, flush);
  return flush;
}
