import { z } from 'zod';
import { persistentStoreFamily } from '../persistent-store';

/**
 * The id of the newest realtime event this tab has applied, per person, so a reconnect (or a reload of the tab)
 * resumes with `since` and catches up on what it missed. Session storage: each tab keeps its own position, and
 * nothing outlives the tab on a shared device.
 */
export type LastEventStore = {
  read(userId: string): number | null;
  write(userId: string, id: number): void;
  clear(userId: string): void;
};

const KEY_PREFIX = 'beacon-realtime-last-event';

export function lastEventKey(userId: string): string {
  return `${KEY_PREFIX}:${userId}`;
}

const storeFor = persistentStoreFamily<number | null>({
  keyFor: lastEventKey,
  schema: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable(),
  fallback: null,
  area: 'session',
});

export const sessionLastEventStore: LastEventStore = {
  read: (userId) => storeFor(userId).get(),
  // Without storage the id still lives in memory; only a reload loses it.
  write: (userId, id) => storeFor(userId).set(id),
  clear: (userId) => storeFor(userId).clear(),
};

/** For tests and for environments without storage. */
export function createMemoryLastEventStore(): LastEventStore {
  const ids = new Map<string, number>();
  return {
    read: (userId) => ids.get(userId) ?? null,
    write: (userId, id) => void ids.set(userId, id),
    clear: (userId) => void ids.delete(userId),
  };
}
