import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createOutbox, type Outbox, type OutboxDeps, type OutboxLocks, type OutboxSignal } from './outbox';
import { openOutboxDatabase, type OutboxDatabase } from './outbox-database';
import type { OutboxItem, OutboxKind, OutboxOutcome } from './outbox-item';

const ADA = 'user-ada';
const BOB = 'user-bob';

class Refused extends Error {}

type Note = { text: string };

/** A kind whose sends the test controls: each call answers with `answer(items)`. */
function noteKind(
  overrides: Partial<OutboxKind<Note, string>> = {},
): OutboxKind<Note, string> & { sent: string[][] } {
  const sent: string[][] = [];
  return {
    name: 'note',
    schema: z.object({ text: z.string() }),
    batchSize: 1,
    discardOnSignOut: false,
    send: async (items) => {
      sent.push(items.map((item) => item.id));
      return 'ok';
    },
    isPermanentFailure: (error) => error instanceof Refused,
    ...overrides,
    sent,
  };
}

/** One lock table shared by every outbox of a test, like Web Locks shared by the tabs of one browser. */
function sharedLocks(): OutboxLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(name, work) {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(work, work);
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

function localSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let databaseCount = 0;

/** A device: one IndexedDB, one lock table, one clock; `tab()` opens the app on it (again). */
function device() {
  const name = `outbox-test-${++databaseCount}`;
  const locks = sharedLocks();
  const state = { online: true, owner: ADA as string | null, now: 1_000_000 };
  const tab = (overrides: Partial<OutboxDeps> = {}): Outbox =>
    createOutbox({
      database: openOutboxDatabase(name),
      locks,
      signal: localSignal(),
      isOnline: () => state.online,
      currentOwnerId: () => state.owner,
      now: () => state.now,
      random: () => 0,
      ...overrides,
    });
  return { state, tab, name };
}

/**
 * The device's database, watching its reads: `quiet()` resolves once every read begun so far has finished and
 * what follows a read without waiting on anything else has run (for a flush: on to its send). A reader awaiting a
 * read was there before `quiet()`, so it resumes first.
 */
function watchedReads(database: OutboxDatabase): { database: OutboxDatabase; quiet(): Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  return {
    database: {
      ...database,
      list(ownerId, kind) {
        const read = database.list(ownerId, kind);
        const done = (): void => void pending.delete(read);
        pending.add(read);
        read.then(done, done);
        return read;
      },
    },
    async quiet() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

async function enqueueNotes(outbox: Outbox, kind: OutboxKind<Note, string>, ids: string[], owner = ADA) {
  for (const [index, id] of ids.entries()) {
    await outbox.enqueue(kind, { id, ownerId: owner, payload: { text: id }, createdAt: 1000 + index });
  }
}

describe('the outbox', () => {
  it('sends oldest first, each item once, and forgets it once the server confirmed it', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    await outbox.enqueue(kind, { id: 'late', ownerId: ADA, payload: { text: 'b' }, createdAt: 2000 });
    await outbox.enqueue(kind, { id: 'early', ownerId: ADA, payload: { text: 'a' }, createdAt: 1000 });
    expect(kind.sent).toEqual([]);

    state.online = true;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['early'], ['late']]);
    expect(await outbox.items(kind, ADA)).toEqual([]);
  });

  it('keeps one item per id: queuing the same alert again adds nothing', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    state.online = false;
    await outbox.enqueue(kind, { id: 'key-1', ownerId: ADA, payload: { text: 'first' }, createdAt: 1000 });
    await outbox.enqueue(kind, { id: 'key-1', ownerId: ADA, payload: { text: 'again' }, createdAt: 5000 });
    const items = await outbox.items(kind, ADA);
    expect(items.map((item) => [item.id, item.payload.text, item.createdAt])).toEqual([
      ['key-1', 'first', 1000],
    ]);
  });

  it('sends at once when an item is queued online, and tells the outcome', async () => {
    const { tab } = device();
    const outbox = tab();
    const kind = noteKind();
    const outcomes: OutboxOutcome<Note, string>[] = [];
    outbox.register(kind, (outcome) => outcomes.push(outcome));
    await outbox.enqueue(kind, { id: 'now', ownerId: ADA, payload: { text: 'x' } });
    await vi.waitFor(() => expect(kind.sent).toEqual([['now']]));
    await vi.waitFor(() =>
      expect(outcomes.map((o) => [o.status, o.items[0]?.id])).toEqual([['sent', 'now']]),
    );
    expect(outcomes[0]?.status === 'sent' && outcomes[0].result).toBe('ok');
  });

  it('after a failure that may pass, keeps the item, counts the attempt, waits by the retry rule and stops the kind', async () => {
    const { state, tab } = device();
    const outbox = tab();
    let failing = true;
    const kind = noteKind({
      send: async (items) => {
        kind.sent.push(items.map((item) => item.id));
        if (failing) throw new TypeError('Failed to fetch');
        return 'ok';
      },
    });
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['a', 'b']);
    state.online = true;
    await outbox.flush(ADA);
    // Stopped at the first: when the network is down for one, it is down for the rest.
    expect(kind.sent).toEqual([['a']]);
    const [first, second] = await outbox.items(kind, ADA);
    expect([first?.attempts, first?.nextAttemptAt]).toEqual([1, state.now + 1000]);
    expect(second?.attempts).toBe(0);
    expect(await outbox.nextWakeDelay(ADA)).toBe(1000);

    await outbox.flush(ADA);
    expect((await outbox.items(kind, ADA))[0]?.nextAttemptAt).toBe(state.now + 2000);

    failing = false;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['a'], ['a'], ['a'], ['b']]);
    expect(await outbox.items(kind, ADA)).toEqual([]);
    expect(await outbox.nextWakeDelay(ADA)).toBeNull();
  });

  it('drops a batch the server refused for good and goes on with the next', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const outcomes: string[] = [];
    const kind = noteKind({
      send: async (items) => {
        if (items[0]?.id === 'bad') throw new Refused('400');
        kind.sent.push(items.map((item) => item.id));
        return 'ok';
      },
    });
    outbox.register(kind, (outcome) => outcomes.push(`${outcome.status}:${outcome.items[0]?.id}`));
    state.online = false;
    await enqueueNotes(outbox, kind, ['bad', 'good']);
    state.online = true;
    await outbox.flush(ADA);
    expect(outcomes).toEqual(['dropped:bad', 'sent:good']);
    expect(await outbox.items(kind, ADA)).toEqual([]);
  });

  it('sends nothing while the browser is offline', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['a']);
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([]);
    expect((await outbox.items(kind, ADA))[0]?.attempts).toBe(0);
  });

  it('never has an item in two sends at once, however many flushes start together', async () => {
    const { state, tab, name } = device();
    const reads = watchedReads(openOutboxDatabase(name));
    const outbox = tab({ database: reads.database });
    let inFlight = 0;
    let most = 0;
    const kind = noteKind({
      send: async (items) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        kind.sent.push(items.map((item) => item.id));
        // Open until the other flushes have gone as far as they can: a flush reads the outbox, then sends.
        await reads.quiet();
        inFlight -= 1;
        return 'ok';
      },
    });
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['a', 'b', 'c']);
    state.online = true;
    await Promise.all([outbox.flush(ADA), outbox.flush(ADA), outbox.flush(ADA)]);
    expect(kind.sent).toEqual([['a'], ['b'], ['c']]);
    expect(most).toBe(1);
  });

  it('two tabs flushing the same device send each item once (one lock per person)', async () => {
    const { state, tab, name } = device();
    const reads = watchedReads(openOutboxDatabase(name));
    const first = tab({ database: reads.database });
    const second = tab({ database: reads.database });
    const sent: string[] = [];
    const kindFor = (): OutboxKind<Note, string> =>
      noteKind({
        send: async (items) => {
          sent.push(...items.map((item) => item.id));
          // Open until the other tab's flushes have gone as far as they can: a flush reads the outbox, then sends.
          await reads.quiet();
          return 'ok';
        },
      });
    const kind = kindFor();
    first.register(kind);
    second.register(kindFor());
    state.online = false;
    await enqueueNotes(first, kind, ['a', 'b', 'c', 'd']);
    state.online = true;
    await Promise.all([first.flush(ADA), second.flush(ADA), first.flush(ADA), second.flush(ADA)]);
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps items across a reload: a new outbox over the same IndexedDB sends what the old one queued', async () => {
    const { state, tab } = device();
    const before = tab();
    const kind = noteKind();
    state.online = false;
    await enqueueNotes(before, kind, ['queued-before-reload']);

    const after = tab();
    after.register(kind);
    state.online = true;
    await after.flush(ADA);
    expect(kind.sent).toEqual([['queued-before-reload']]);
    expect(await after.items(kind, ADA)).toEqual([]);
  });

  it("never sends one person's items while another is signed in, and sends them when their owner is back", async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['ada-1'], ADA);
    await enqueueNotes(outbox, kind, ['bob-1'], BOB);
    state.online = true;
    state.owner = BOB;
    await outbox.flush(ADA);
    await outbox.flush(BOB);
    expect(kind.sent).toEqual([['bob-1']]);
    expect((await outbox.items(kind, ADA)).map((item) => item.id)).toEqual(['ada-1']);

    state.owner = null;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['bob-1']]);

    state.owner = ADA;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['bob-1'], ['ada-1']]);
  });

  it('stops when the person changes while a send is being prepared', async () => {
    const { state, tab, name } = device();
    const database = openOutboxDatabase(name);
    const outbox = tab({
      database: {
        ...database,
        list: async (ownerId, kind) => {
          const items = await database.list(ownerId, kind);
          state.owner = BOB; // signed out and someone else signed in while the batch was read
          return items;
        },
      },
    });
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['ada-1']);
    state.online = true;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([]);
    expect(await outbox.items(kind, ADA)).toHaveLength(1);
  });

  it('an explicit sign-out forgets only the kinds that are not kept', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kept = noteKind();
    const forgotten = noteKind({ name: 'position', discardOnSignOut: true });
    state.online = false;
    await enqueueNotes(outbox, kept, ['alert-1']);
    await enqueueNotes(outbox, forgotten, ['pos-1']);
    await enqueueNotes(outbox, forgotten, ['bob-pos'], BOB);
    await outbox.discardOnSignOut(ADA);
    expect((await outbox.items(kept, ADA)).map((item) => item.id)).toEqual(['alert-1']);
    expect(await outbox.items(forgotten, ADA)).toEqual([]);
    expect(await outbox.items(forgotten, BOB)).toHaveLength(1);
  });

  it('sends in batches of batchSize and keeps at most maxItems, dropping the oldest (location readings)', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind({ name: 'reading', batchSize: 2, maxItems: 5 });
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    state.online = true;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['r3', 'r4'], ['r5', 'r6'], ['r7']]);
  });

  it('drops a stored item it cannot read and sends the others', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    const corrupt: OutboxKind<unknown, string> = { ...noteKind(), schema: z.unknown() };
    await outbox.enqueue(corrupt, { id: 'junk', ownerId: ADA, payload: 42, createdAt: 1 });
    await enqueueNotes(outbox, kind, ['fine']);
    state.online = true;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['fine']]);
    expect(await outbox.items(corrupt, ADA)).toEqual([]);
  });

  it('an item queued after a failed send waits for the retry rule instead of being sent at once', async () => {
    const { state, tab } = device();
    // Only a flush sends, and a flush asks for the person's lock the moment it starts.
    const flushes: string[] = [];
    const outbox = tab({
      locks: {
        run: (name, work) => {
          flushes.push(name);
          return work();
        },
      },
    });
    const kind = noteKind();
    outbox.register(kind);
    await outbox.enqueue(kind, { id: 'sos', ownerId: ADA, payload: { text: 'x' }, failedAttempts: 1 });
    // Queuing started no flush (it would have before it resolved).
    expect(flushes).toEqual([]);
    expect(kind.sent).toEqual([]);
    const [item] = await outbox.items(kind, ADA);
    expect(item satisfies OutboxItem<Note> | undefined).toMatchObject({
      attempts: 1,
      nextAttemptAt: state.now + 1000,
    });
  });

  it('tells subscribers about every change', async () => {
    const { state, tab } = device();
    const outbox = tab();
    const kind = noteKind();
    outbox.register(kind);
    const listener = vi.fn();
    outbox.subscribe(listener);
    state.online = false;
    await enqueueNotes(outbox, kind, ['a']);
    expect(listener).toHaveBeenCalledTimes(1);
    state.online = true;
    await outbox.flush(ADA);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads large items only a batch at a time: ids and the next wake come from keys', async () => {
    const { state, tab, name } = device();
    const database = openOutboxDatabase(name);
    const reads: Array<number | undefined> = [];
    const outbox = tab({
      database: {
        ...database,
        list: (ownerId, kind, limit) => {
          reads.push(limit);
          return database.list(ownerId, kind, limit);
        },
      },
    });
    const kind = noteKind();
    outbox.register(kind);
    state.online = false;
    await enqueueNotes(outbox, kind, ['a', 'b', 'c']);
    expect(await outbox.ids(kind, ADA)).toEqual(['a', 'b', 'c']);
    expect(await outbox.nextWakeDelay(ADA)).toBe(1000);
    expect(reads).toEqual([]);

    state.online = true;
    await outbox.flush(ADA);
    expect(kind.sent).toEqual([['a'], ['b'], ['c']]);
    expect(reads.every((limit) => limit === kind.batchSize)).toBe(true);
    expect(await outbox.ids(kind, ADA)).toEqual([]);
  });

  it('keeps ArrayBuffer payloads intact', async () => {
    const { tab } = device();
    const outbox = tab();
    const received: number[][] = [];
    const kind: OutboxKind<{ bytes: ArrayBuffer }, string> = {
      name: 'bytes',
      // Checked by tag, not `instanceof`: the stored copy may come from another realm.
      schema: z.object({
        bytes: z.custom<ArrayBuffer>(
          (value) => Object.prototype.toString.call(value) === '[object ArrayBuffer]',
        ),
      }),
      batchSize: 1,
      discardOnSignOut: false,
      send: async ([item]) => {
        received.push([...new Uint8Array(item?.payload.bytes ?? new ArrayBuffer(0))]);
        return 'ok';
      },
      isPermanentFailure: () => false,
    };
    outbox.register(kind);
    await outbox.enqueue(kind, {
      id: 'piece',
      ownerId: ADA,
      payload: { bytes: new Uint8Array([1, 2, 3]).buffer },
    });
    await outbox.flush(ADA);
    expect(received).toEqual([[1, 2, 3]]);
  });
});
