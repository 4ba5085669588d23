import { getSession } from '../session-store';
import { createOutbox, type Outbox, type OutboxLocks, type OutboxSignal } from './outbox';
import { openOutboxDatabase } from './outbox-database';

const DATABASE_NAME = 'beacon-outbox';
const CHANNEL_NAME = 'beacon-outbox';

/**
 * Across tabs, a Web Lock per person (released by the browser when the holding tab closes or crashes, so nothing
 * waits on a dead tab). A browser without Web Locks (Safari before 15.4) keeps only the in-tab guarantee.
 */
const webLocks: OutboxLocks = {
  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (typeof navigator === 'undefined' || !navigator.locks) return work();
    let result: { value: T } | null = null;
    await navigator.locks.request(name, async () => {
      result = { value: await work() };
    });
    if (!result) throw new Error('The lock ran nothing');
    return (result as { value: T }).value;
  },
};

/** Local listeners, plus a BroadcastChannel so other tabs' "queued" and "sent" states follow. */
function createBroadcastSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  let channel: BroadcastChannel | null = null;
  const emit = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const open = (): BroadcastChannel | null => {
    if (channel || typeof BroadcastChannel === 'undefined') return channel;
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = emit;
    return channel;
  };
  return {
    notify() {
      emit();
      open()?.postMessage('changed');
    },
    subscribe(listener) {
      open();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The one outbox of this device (IndexedDB `beacon-outbox`). */
export const deviceOutbox: Outbox = createOutbox({
  database: openOutboxDatabase(DATABASE_NAME),
  locks: webLocks,
  signal: createBroadcastSignal(),
  isOnline: () => navigator.onLine,
  currentOwnerId: () => getSession()?.user.id ?? null,
  now: () => Date.now(),
});
