import type { OutboxDatabase } from './outbox-database';
import type { OutboxItem, OutboxKind, OutboxOutcome } from './outbox-item';
import { nextWakeDelayMs, retryDelayMs } from './retry-rule';

/**
 * The device outbox: work that must reach the server even if the connection, the server or the app is gone for
 * a while (an SOS, location readings, the pieces of a recording). Items live in IndexedDB until the server confirmed
 * them or refused them for good, so a reload or a closed tab loses nothing. One flush per person at a time, in
 * this tab (one running flush, re-run if asked again meanwhile) and across tabs (a named lock), so no item is
 * ever in two sends at once. When to flush is the runner's business (use-outbox-runner.ts); how long to wait
 * after a failure is the retry rule (retry-rule.ts). See docs/decisions/010-device-outbox.md.
 */
export type OutboxLocks = {
  /** Runs `work` while holding the lock `name`, waiting for whoever holds it (another tab). */
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
};

/** Tells this tab's and other tabs' listeners that items were added, sent or dropped. */
export type OutboxSignal = {
  notify(): void;
  subscribe(listener: () => void): () => void;
};

export type OutboxDeps = {
  database: OutboxDatabase;
  locks: OutboxLocks;
  signal: OutboxSignal;
  isOnline(): boolean;
  /** The signed-in person: only their items are sent, and only while they are signed in. */
  currentOwnerId(): string | null;
  now(): number;
  random?: () => number;
};

export type NewOutboxItem<P> = {
  id: string;
  ownerId: string;
  payload: P;
  /** Defaults to now. */
  createdAt?: number;
  /** Attempts already made before it was queued (an SOS whose first send failed): the retry rule waits. */
  failedAttempts?: number;
};

export type Outbox = {
  /** Lets the outbox send this kind (in registration order: register the most urgent first). */
  register<P, R>(kind: OutboxKind<P, R>, onOutcome?: (outcome: OutboxOutcome<P, R>) => void): () => void;
  /** Stores the item (a second one with the same id is ignored) and, when it is due, tries to send it at once. */
  enqueue<P>(kind: OutboxKind<P, unknown>, item: NewOutboxItem<P>): Promise<void>;
  /** Sends this person's items now, kind by kind, oldest first; resolves when nothing more can go. */
  flush(ownerId: string): Promise<void>;
  /** This person's waiting items of a kind, oldest first. */
  items<P>(kind: OutboxKind<P, unknown>, ownerId: string): Promise<OutboxItem<P>[]>;
  /** The ids of this person's waiting items of a kind, oldest first, without reading the items (large ones). */
  ids(kind: Pick<OutboxKind<unknown>, 'name'>, ownerId: string): Promise<string[]>;
  /** Milliseconds until the retry rule wants to try this person's items again, or null when none wait. */
  nextWakeDelay(ownerId: string): Promise<number | null>;
  /** Called after any change, in this tab or another. */
  subscribe(listener: () => void): () => void;
  /** Forgets the items whose kind is not kept past an explicit sign-out. */
  discardOnSignOut(ownerId: string): Promise<void>;
  /** Replaces how the outbox asks whether the device is online (the app's network adapter); returns the undo. */
  setOnlineCheck(isOnline: () => boolean): () => void;
};

function parseItems<P>(
  kind: OutboxKind<P, unknown>,
  stored: ReadonlyArray<OutboxItem<unknown>>,
): { items: OutboxItem<P>[]; corrupt: OutboxItem<unknown>[] } {
  const items: OutboxItem<P>[] = [];
  const corrupt: OutboxItem<unknown>[] = [];
  for (const item of stored) {
    const parsed = kind.schema.safeParse(item.payload);
    if (parsed.success) items.push({ ...item, payload: parsed.data });
    else corrupt.push(item);
  }
  return { items, corrupt };
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { database, signal } = deps;
  const random = deps.random ?? Math.random;
  /** Each registered kind's flush, in registration order. */
  const kinds = new Map<string, (ownerId: string) => Promise<void>>();
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  let isOnline = deps.isOnline;

  const items = async <P>(kind: OutboxKind<P, unknown>, ownerId: string): Promise<OutboxItem<P>[]> =>
    parseItems(kind, await database.list(ownerId, kind.name)).items;

  /** Sends one kind's items in batches until none are left or a failure that may pass stops it. */
  const flushKind = async <P, R>(
    kind: OutboxKind<P, R>,
    onOutcome: ((outcome: OutboxOutcome<P, R>) => void) | undefined,
    ownerId: string,
  ): Promise<void> => {
    for (;;) {
      if (!isOnline() || deps.currentOwnerId() !== ownerId) return;
      const { items: waiting, corrupt } = parseItems(
        kind,
        await database.list(ownerId, kind.name, kind.batchSize),
      );
      if (corrupt.length > 0) {
        await database.remove(corrupt);
        signal.notify();
      }
      const batch = waiting.slice(0, kind.batchSize);
      if (batch.length === 0) {
        // The batch read was all corrupt: what follows it may not be.
        if (corrupt.length > 0) continue;
        return;
      }
      // Sent with whoever's token the API client holds now: it must still be the items' owner.
      if (deps.currentOwnerId() !== ownerId) return;
      let result: R;
      try {
        result = await kind.send(batch);
      } catch (error) {
        if (kind.isPermanentFailure(error)) {
          await database.remove(batch);
          signal.notify();
          onOutcome?.({ status: 'dropped', items: batch, error });
          continue;
        }
        const attempts = Math.max(...batch.map((item) => item.attempts)) + 1;
        await database.recordFailure(batch, deps.now() + retryDelayMs(attempts, random));
        signal.notify();
        onOutcome?.({ status: 'retrying', items: batch, error });
        // The network or server is down for this batch, so it is for the rest of this kind: stop until the
        // retry rule's next try.
        return;
      }
      await database.remove(batch);
      signal.notify();
      onOutcome?.({ status: 'sent', items: batch, result });
    }
  };

  const flushAll = async (ownerId: string): Promise<void> => {
    for (const flushOne of [...kinds.values()]) await flushOne(ownerId);
  };

  const flush = (ownerId: string): Promise<void> => {
    const current = running.get(ownerId);
    if (current) {
      // Something new may have been queued after the running flush read it: run once more when it ends.
      current.again = true;
      return current.done;
    }
    const state = { again: false, done: Promise.resolve() };
    const finish = (): void => {
      if (running.get(ownerId) === state) running.delete(ownerId);
    };
    state.done = deps.locks
      .run(`beacon-outbox:${ownerId}`, async () => {
        try {
          do {
            state.again = false;
            await flushAll(ownerId);
          } while (state.again);
        } finally {
          // In the same step as the last check of `again`: a flush asked for from now on starts anew.
          finish();
        }
      })
      .catch((error: unknown) => {
        // IndexedDB unavailable or broken: the items stay where they are; the next trigger tries again.
        console.warn('Outbox flush failed', error);
      })
      .finally(finish);
    running.set(ownerId, state);
    return state.done;
  };

  return {
    register(kind, onOutcome) {
      const flushOne = (ownerId: string): Promise<void> => flushKind(kind, onOutcome, ownerId);
      kinds.set(kind.name, flushOne);
      return () => {
        if (kinds.get(kind.name) === flushOne) kinds.delete(kind.name);
      };
    },
    async enqueue(kind, item) {
      const now = deps.now();
      const failedAttempts = item.failedAttempts ?? 0;
      const nextAttemptAt = failedAttempts > 0 ? now + retryDelayMs(failedAttempts, random) : now;
      await database.add(
        {
          kind: kind.name,
          id: item.id,
          ownerId: item.ownerId,
          payload: item.payload,
          createdAt: item.createdAt ?? now,
          attempts: failedAttempts,
          nextAttemptAt,
          discardOnSignOut: kind.discardOnSignOut,
        },
        kind.maxItems,
      );
      signal.notify();
      if (nextAttemptAt <= now) void flush(item.ownerId);
    },
    flush,
    items,
    ids: (kind, ownerId) => database.listIds(ownerId, kind.name),
    async nextWakeDelay(ownerId) {
      const earliest = await database.earliestAttempt(ownerId);
      return nextWakeDelayMs(earliest === null ? [] : [earliest], deps.now());
    },
    subscribe: (listener) => signal.subscribe(listener),
    async discardOnSignOut(ownerId) {
      await database.discardOnSignOut(ownerId);
      signal.notify();
    },
    setOnlineCheck(check) {
      isOnline = check;
      return () => {
        if (isOnline === check) isOnline = deps.isOnline;
      };
    },
  };
}
