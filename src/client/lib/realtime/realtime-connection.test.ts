import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME } from '#shared/constants';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { createFakeRealtime, type FakeRealtime } from '../../testing/fake-realtime';
import { reconnectDelayMs } from './backoff';
import { createMemoryLastEventStore, type LastEventStore } from './last-event-store';
import { createRealtimeConnection, type RealtimeConnectionOptions } from './realtime-connection';

const USER = '00000001-0000-4000-8000-000000000001';

function notification(id: number): RealtimeEvent {
  return {
    id,
    type: 'notification',
    user_id: USER,
    created_at: '2025-01-01T00:00:00.000Z',
    payload: { id: `n-${id}`, type: 'info', title: 'Hello', message: `Event ${id}` },
  };
}

type Harness = {
  server: FakeRealtime;
  store: LastEventStore;
  events: Array<{ id: number; live: boolean }>;
  resyncs: number;
  token: { current: string | null };
  refreshToken: ReturnType<typeof vi.fn<RealtimeConnectionOptions['refreshToken']>>;
  connection: ReturnType<typeof createRealtimeConnection>;
};

function setup(
  overrides: Partial<RealtimeConnectionOptions> = {},
  store = createMemoryLastEventStore(),
): Harness {
  const server = createFakeRealtime();
  const token = { current: 'token-1' as string | null };
  const events: Harness['events'] = [];
  const harness = { server, store, events, resyncs: 0, token } as Harness;
  harness.refreshToken = vi.fn<RealtimeConnectionOptions['refreshToken']>(async () => {
    token.current = 'token-2';
    return token.current;
  });
  harness.connection = createRealtimeConnection({
    userId: USER,
    transport: server.transport,
    getToken: () => token.current,
    refreshToken: harness.refreshToken,
    lastEvents: store,
    onEvent: (event, meta) => events.push({ id: event.id, live: meta.live }),
    onResync: () => {
      harness.resyncs += 1;
    },
    ...overrides,
  });
  return harness;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelayMs', () => {
  it('backs off 1 s, 2 s, 5 s, then 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map((attempt) => reconnectDelayMs(attempt))).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000,
    ]);
    expect(reconnectDelayMs(-1)).toBe(1000);
  });
});

describe('createRealtimeConnection', () => {
  it('connects with the access token, and without `since` the first time', () => {
    const { server, connection } = setup();
    connection.start();
    expect(server.sockets).toHaveLength(1);
    const query = server.latest().query;
    expect(server.latest().path.startsWith('/api/realtime?')).toBe(true);
    expect(query.get('access_token')).toBe('token-1');
    expect(query.has('since')).toBe(false);
    expect(connection.status()).toBe('connecting');
  });

  it('keeps the newest event id, in memory and in the store, and delivers each event once', () => {
    const { server, connection, events, store } = setup();
    connection.start();
    server.accept(USER, 40);
    expect(connection.status()).toBe('open');
    expect(connection.lastEventId()).toBe(40);

    server.emit(notification(41));
    server.emit(notification(42));
    server.emit(notification(42));
    server.emit(notification(39));
    expect(events).toEqual([
      { id: 41, live: true },
      { id: 42, live: true },
    ]);
    expect(store.read(USER)).toBe(42);
  });

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, and starts over once connected', () => {
    const { server, connection } = setup();
    connection.start();
    server.latest().serverClose(1006);
    expect(connection.status()).toBe('reconnecting');

    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = server.sockets.length;
      let waited = 0;
      while (server.sockets.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
      server.latest().serverClose(1006);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);

    // A successful connection resets the schedule.
    vi.advanceTimersByTime(10_000);
    server.accept(USER, 1);
    server.latest().serverClose(1006);
    vi.advanceTimersByTime(999);
    const count = server.sockets.length;
    vi.advanceTimersByTime(1);
    expect(server.sockets.length).toBe(count + 1);
  });

  it('resumes with `since` = the last event id and marks replayed events as not live', () => {
    const { server, connection, events } = setup();
    connection.start();
    server.accept(USER, 10);
    server.emit(notification(11));
    server.latest().serverClose(1006);

    vi.advanceTimersByTime(1000);
    const resumed = server.latest();
    expect(resumed.query.get('since')).toBe('11');
    resumed.open();
    resumed.receive({ type: 'ready', user_id: USER, last_event_id: 99 });
    resumed.receive(notification(12));
    resumed.receive(notification(13));
    resumed.receive({ type: 'resumed', last_event_id: 13, truncated: false });
    resumed.receive(notification(14));

    expect(events).toEqual([
      { id: 11, live: true },
      { id: 12, live: false },
      { id: 13, live: false },
      { id: 14, live: true },
    ]);
    // `ready.last_event_id` (the server's newest) must not skip the catch-up.
    expect(connection.lastEventId()).toBe(14);
  });

  it('resumes from the stored id after a reload of the tab', () => {
    const store = createMemoryLastEventStore();
    store.write(USER, 77);
    const { server, connection } = setup({}, store);
    connection.start();
    expect(server.latest().query.get('since')).toBe('77');
  });

  it('reads everything again once a fresh connection is ready, not when a catch-up replays what was missed', () => {
    const harness = setup();
    harness.connection.start();
    expect(harness.resyncs).toBe(0);
    // The page read over HTTP before this: an event stored between that read and now is not sent to a socket
    // that has no `since`.
    harness.server.accept(USER, 5);
    expect(harness.resyncs).toBe(1);

    harness.server.latest().serverClose(1006);
    vi.advanceTimersByTime(1000);
    const resumed = harness.server.latest();
    expect(resumed.query.get('since')).toBe('5');
    resumed.open();
    resumed.receive({ type: 'ready', user_id: USER, last_event_id: 9 });
    resumed.receive(notification(6));
    resumed.receive({ type: 'resumed', last_event_id: 6, truncated: false });
    expect(harness.resyncs).toBe(1);
  });

  it('asks for a reload over HTTP when the catch-up was truncated', () => {
    const harness = setup();
    harness.connection.start();
    harness.server.accept(USER, 5);
    const afterOpening = harness.resyncs;
    harness.server.latest().serverClose(1006);
    vi.advanceTimersByTime(1000);
    harness.server.latest().open();
    harness.server.latest().receive({ type: 'resumed', last_event_id: 505, truncated: true });
    expect(harness.resyncs).toBe(afterOpening + 1);
    expect(harness.connection.lastEventId()).toBe(505);
  });

  it('on 4401 refreshes the session first, then reconnects with the new token', async () => {
    const { server, connection, refreshToken } = setup();
    connection.start();
    server.latest().serverClose(4401);
    expect(refreshToken).toHaveBeenCalledWith('token-1');
    expect(server.sockets).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sockets).toHaveLength(2);
    expect(server.latest().query.get('access_token')).toBe('token-2');
  });

  it('stops on 4401 when the refresh finds the person signed out', async () => {
    const harness = setup({ refreshToken: async () => null });
    harness.connection.start();
    harness.server.latest().serverClose(4401);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(harness.server.sockets).toHaveLength(1);
    expect(harness.connection.status()).toBe('stopped');
  });

  it('retries with backoff when the refresh itself fails (offline)', async () => {
    const harness = setup({ refreshToken: () => Promise.reject(new Error('offline')) });
    harness.connection.start();
    harness.server.latest().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    expect(harness.server.sockets).toHaveLength(2);
  });

  it('pings every heartbeat and abandons a socket that stopped answering', () => {
    const { server, connection } = setup();
    connection.start();
    const socket = server.accept(USER, 1);

    vi.advanceTimersByTime(REALTIME.heartbeatMs);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(REALTIME.heartbeatMs);
    expect(socket.sent).toHaveLength(2);
    expect(socket.closedWith).toBeNull();

    // No pong this time: the next heartbeat gives up on the socket and a new one follows the backoff.
    vi.advanceTimersByTime(REALTIME.heartbeatMs);
    expect(socket.closedWith).not.toBeNull();
    expect(connection.status()).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(server.sockets).toHaveLength(2);
  });

  it('reconnectNow skips the backoff wait', () => {
    const { server, connection } = setup();
    connection.start();
    server.latest().serverClose(1006);
    connection.reconnectNow();
    expect(server.sockets).toHaveLength(2);
  });

  it('forgets `since` when the server refuses it (4400) and reloads once the fresh connection is ready', () => {
    const store = createMemoryLastEventStore();
    store.write(USER, 3);
    const fresh = setup({}, store);
    fresh.connection.start();
    fresh.server.latest().serverClose(4400);
    vi.advanceTimersByTime(1000);
    expect(fresh.server.latest().query.has('since')).toBe(false);
    expect(fresh.resyncs).toBe(0);
    fresh.server.accept(USER, 8);
    expect(fresh.resyncs).toBe(1);
  });

  it('stop closes the socket and never reconnects', () => {
    const { server, connection } = setup();
    connection.start();
    const socket = server.accept(USER, 1);
    connection.stop();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(server.sockets).toHaveLength(1);
    expect(connection.status()).toBe('stopped');
  });

  it('does not connect without a session', () => {
    const harness = setup();
    harness.token.current = null;
    harness.connection.start();
    expect(harness.server.sockets).toHaveLength(0);
    expect(harness.connection.status()).toBe('stopped');
  });
});
