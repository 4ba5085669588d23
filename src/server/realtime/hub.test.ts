import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME, REALTIME_CHANNEL } from '#shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import { createAccessPolicy } from '../access/policy';
import { manualClock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import { createInProcessBus } from './bus';
import type { HubSocket } from './connection';
import { createRealtimeHub, type RealtimeHub } from './hub';

/** A socket that records what the hub does to it; `answersPings: false` plays a dead connection. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  terminated = false;
  constructor(private readonly answersPings: boolean) {
    super();
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    this.emit('close');
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  ping(): void {
    if (this.answersPings) queueMicrotask(() => this.emit('pong'));
  }
}

describe('realtime hub heartbeat', () => {
  let liveSessions: Set<string>;
  let hub: RealtimeHub;
  const db: Queryable = {
    async query<R>(sql: string) {
      if (sql.includes('max(id)')) return { rows: [{ id: 0 }] as unknown as R[], rowCount: 1 };
      return { rows: [], rowCount: 0 };
    },
  } as Queryable;
  const log = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
  const connect = async (sessionId: string, answersPings = true): Promise<FakeSocket> => {
    const socket = new FakeSocket(answersPings);
    hub.accept(socket as unknown as HubSocket, { query: { access_token: sessionId } });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent[0]).toMatchObject({ type: 'ready' });
    return socket;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    liveSessions = new Set(['a', 'b', 'c']);
    const clock = manualClock();
    hub = createRealtimeHub({
      db,
      clock,
      access: createAccessPolicy({ db, clock }),
      log,
      bus: createInProcessBus(),
      // The test's tokens are session ids.
      verifyToken: async (token) => ({ userId: `user-${token}`, sessionId: token, email: '' }),
      liveSessionIds: async (ids) => new Set(ids.filter((id) => liveSessions.has(id))),
    });
  });
  afterEach(async () => {
    await hub.close();
    vi.useRealTimers();
  });

  it('drops a socket that did not answer the previous ping, keeps one that did', async () => {
    const healthy = await connect('a');
    const dead = await connect('b', false);
    expect(hub.connectionCount()).toBe(2);

    await vi.advanceTimersByTimeAsync(REALTIME.heartbeatMs);
    expect(dead.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(REALTIME.heartbeatMs);
    expect(dead.terminated).toBe(true);
    expect(healthy.terminated).toBe(false);
    expect(hub.connectionCount()).toBe(1);
  });

  it('closes a socket with 4401 once its session is revoked (sign-out elsewhere)', async () => {
    const socket = await connect('c');
    liveSessions.delete('c');
    await vi.advanceTimersByTimeAsync(REALTIME.heartbeatMs);
    expect(socket.closedWith).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);
    expect(hub.connectionCount()).toBe(0);
  });

  it('closes a socket that never authenticates', async () => {
    const socket = new FakeSocket(true);
    hub.accept(socket as unknown as HubSocket, { query: {} });
    await vi.advanceTimersByTimeAsync(REALTIME_CHANNEL.authTimeoutMs);
    expect(socket.closedWith).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);
  });

  it('closes every socket on close() and publishes nothing afterwards', async () => {
    const socket = await connect('a');
    await hub.close();
    expect(socket.closedWith).toBe(1001);
    expect(
      await hub.publish({
        type: 'notification',
        userId: 'x',
        payload: { id: '1', type: 'info', title: 't', message: 'm' },
      }),
    ).toBeNull();
  });
});

describe('realtime hub fan-out', () => {
  let hub: RealtimeHub;
  let inserts: number;
  let nextId: number;
  /** People whose events the fake database refuses (as a deleted account's would be). */
  const refused = new Set<string>();
  const raw = new Map<FakeSocket, unknown[]>();
  const ward = 'user-ward';
  const db: Queryable = {
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const answer = (rows: unknown[]) => ({ rows: rows as R[], rowCount: rows.length });
      if (sql.includes('max(id)')) return answer([{ id: 0 }]);
      if (sql.includes('FROM guardian_relationships WHERE guardian_id = $1')) {
        return answer([{ ward_id: ward, id: 'relationship', activated_at: new Date(0) }]);
      }
      if (sql.includes('INSERT INTO realtime_events')) {
        inserts++;
        const events = JSON.parse(String(params[0])) as Array<{
          user_id: string;
          type: string;
          payload: unknown;
          created_at: string;
        }>;
        if (events.some((event) => refused.has(event.user_id))) throw new Error('foreign key violation');
        return answer(
          events.map((event) => ({ ...event, id: nextId++, created_at: new Date(event.created_at) })),
        );
      }
      return answer([]);
    },
  } as Queryable;
  const log = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

  /** A guardian's socket that keeps what was passed to `send`, as passed. */
  const connectGuardian = async (token: string): Promise<FakeSocket> => {
    const socket = new FakeSocket(true);
    const passed: unknown[] = [];
    raw.set(socket, passed);
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      passed.push(data);
      send(data);
    };
    hub.accept(socket as unknown as HubSocket, { query: { access_token: token } });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent[0]).toMatchObject({ type: 'ready' });
    return socket;
  };
  const position = (latitude: number, userId: string = ward) =>
    ({
      type: 'location.updated',
      userId,
      payload: {
        user_id: userId,
        latitude,
        longitude: 11.5,
        accuracy: null,
        speed: null,
        heading: null,
        altitude: null,
        address: null,
        battery_level: null,
        online: null,
        recorded_at: new Date(0).toISOString(),
        checked_at: new Date(0).toISOString(),
      },
    }) as const;

  beforeEach(() => {
    vi.useFakeTimers();
    inserts = 0;
    nextId = 1;
    refused.clear();
    raw.clear();
    const clock = manualClock();
    hub = createRealtimeHub({
      db,
      clock,
      access: createAccessPolicy({ db, clock }),
      log,
      bus: createInProcessBus(),
      verifyToken: async (token) => ({ userId: `user-${token}`, sessionId: token, email: '' }),
      liveSessionIds: async (ids) => new Set(ids),
    });
  });
  afterEach(async () => {
    await hub.close();
    vi.useRealTimers();
  });

  it("serializes an event once: every guardian's socket is handed the same bytes", async () => {
    const guardians = await Promise.all(['g1', 'g2', 'g3'].map(connectGuardian));
    await hub.publish(position(48.1));
    const handed = guardians.map((socket) => raw.get(socket)?.[1]);
    expect(guardians.map((socket) => socket.sent[1])).toEqual(
      guardians.map(() => expect.objectContaining({ type: 'location.updated', id: 1 })),
    );
    expect(Buffer.isBuffer(handed[0])).toBe(true);
    expect(handed[1]).toBe(handed[0]);
    expect(handed[2]).toBe(handed[0]);
  });

  it("stores a burst of one person's events in one statement behind the first, and delivers them in order", async () => {
    const guardian = await connectGuardian('g1');
    const published = await Promise.all([1, 2, 3, 4, 5].map((n) => hub.publish(position(n))));
    // The first is stored at once; the four published while it was being stored go together.
    expect(inserts).toBe(2);
    expect(published.map((event) => event?.id)).toEqual([1, 2, 3, 4, 5]);
    expect(guardian.sent.slice(1)).toEqual(
      [1, 2, 3, 4, 5].map((n) =>
        expect.objectContaining({ id: n, payload: expect.objectContaining({ latitude: n }) }),
      ),
    );
  });

  it("stores different people's events published together in one statement, each person's in order", async () => {
    const published = await Promise.all(
      ['a', 'b', 'a', 'b', 'a'].map((who, n) => hub.publish(position(n, `user-${who}`))),
    );
    // The first is stored at once; the four published while it was being stored go together, whoever they are about.
    expect(inserts).toBe(2);
    expect(published.map((event) => [event?.user_id, event?.id])).toEqual([
      ['user-a', 1],
      ['user-b', 2],
      ['user-a', 3],
      ['user-b', 4],
      ['user-a', 5],
    ]);
  });

  it("stores the others' events when one person's cannot be stored, and answers null only for that person's", async () => {
    refused.add('user-gone');
    const published = await Promise.all(
      ['a', 'gone', 'b', 'gone', 'a'].map((who, n) => hub.publish(position(n, `user-${who}`))),
    );
    expect(published.map((event) => event?.user_id ?? null)).toEqual([
      'user-a',
      null,
      'user-b',
      null,
      'user-a',
    ]);
    const ids = published.filter((event) => event !== null).map((event) => event?.id);
    expect(ids).toEqual([...ids].sort((x = 0, y = 0) => x - y));
  });
});
