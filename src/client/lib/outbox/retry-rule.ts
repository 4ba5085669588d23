import { OUTBOX_RETRY } from '#shared/constants';

/**
 * The one retry rule for everything the device queues. An item is tried at once when it is queued, when the app
 * starts, when the connection returns and when the person asks; after a failure that may pass, the outbox tries
 * again on its own after this wait: 1 s, 2 s, 4 s, 8 s, then every 15 s, each up to 20 % sooner so tabs and
 * devices do not retry in step. Never while the browser says it is offline.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(attempts - 1, 0);
  const delay = Math.min(OUTBOX_RETRY.firstDelayMs * 2 ** exponent, OUTBOX_RETRY.maxDelayMs);
  return Math.round(delay * (1 - OUTBOX_RETRY.jitter * random()));
}

/** How long until the outbox should look again, given the waiting items' next attempts (null: nothing waits). */
export function nextWakeDelayMs(nextAttempts: readonly number[], nowMs: number): number | null {
  if (nextAttempts.length === 0) return null;
  const earliest = Math.min(...nextAttempts);
  // An item due now that the last flush did not send (another tab holds the outbox, the person changed) is looked
  // at again after the first delay, never in a tight loop.
  return Math.min(Math.max(earliest - nowMs, OUTBOX_RETRY.firstDelayMs), OUTBOX_RETRY.maxDelayMs);
}
