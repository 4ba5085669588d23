/**
 * The one realtime hub. It owns every WebSocket of this instance and is the only way events reach clients.
 *
 * Publishing: the event is stored (`realtime_events`, for catch-up), delivered to this instance's sockets, and
 * broadcast on the bus so every other instance delivers it to theirs. Delivery decides the recipients at send
 * time: the person the event is about and, for guardian-visible events, whoever is their active guardian at that
 * moment (guardians/authorization.ts), so a guardian removed a second ago receives nothing.
 *
 * Sockets: authenticated by `?access_token=` or a first `{type:'auth'}` message, else closed with 4401. A client
 * that reconnects with `?since=<id>` (or sends `{type:'resume'}`) first receives what it missed; live events that
 * arrive meanwhile are held back and sent after the replay, so nothing is lost or reordered. A protocol-level ping
 * goes out every heartbeat; a socket that did not answer the previous one is dropped.
 */
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME, REALTIME_CHANNEL } from '#shared/constants';
import {
  RealtimeClientMessageSchema,
  RealtimeQuerySchema,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '#shared/schemas/realtime';
import { VALIDATION } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { AuthContext } from '../http/authenticate';
import { activeGuardianIds, activeWards } from '../modules/guardians/authorization';
import type { RealtimeBus } from './bus';
import type { PublishRequest, RealtimeAudience, RealtimePublisher } from './publisher';
import { eventsSince, insertEvent, lastEventId } from './repository';
import { liveSessionIds, type VerifyToken } from './socket-auth';

type RawData = Buffer | ArrayBuffer | Buffer[];

/** What the hub uses of a `ws` WebSocket (typed here: the `ws` package ships no types of its own). */
export type HubSocket = {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: RawData) => void): unknown;
  on(event: 'close' | 'pong', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

export type RealtimeHub = RealtimePublisher & {
  /** Takes over a freshly upgraded socket. */
  accept(socket: HubSocket, request: { auth: AuthContext | null; query: unknown }): void;
  /** Runs once per published event, on the instance that published it (e.g. to send Web Push). */
  onPublished(listener: (event: RealtimeEvent) => void): void;
  /** Resolves once events from other instances arrive here. */
  ready(): Promise<void>;
  /** Open, authenticated sockets on this instance. */
  connectionCount(): number;
  /** Closes every socket, waits for publishes under way and closes the bus. */
  close(): Promise<void>;
};

export type RealtimeHubDeps = {
  db: Queryable;
  clock: Clock;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  verifyToken: VerifyToken;
  heartbeatMs?: number;
};

type Connection = {
  socket: HubSocket;
  auth: AuthContext | null;
  /** Answered the last ping. */
  alive: boolean;
  /** While authenticating or replaying, live events wait in `held`. */
  holding: boolean;
  held: RealtimeEvent[];
  /** Messages from the client are handled one at a time, in order. */
  queue: Promise<void>;
  authTimer: NodeJS.Timeout | null;
  /** `?since=` of the URL, for a socket that authenticates by message. */
  since: number | undefined;
};

const CLOSE = REALTIME_CHANNEL.closeCodes;
/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const OPEN = 1;

export function createRealtimeHub(deps: RealtimeHubDeps): RealtimeHub {
  const { db, clock, log, bus } = deps;
  const all = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const listeners: Array<(event: RealtimeEvent) => void> = [];
  const inFlight = new Set<Promise<unknown>>();
  // Deliveries run one after another so every recipient sees events in the order they were published here.
  let deliveries: Promise<void> = Promise.resolve();
  let closed = false;
  let closing: Promise<void> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };

  const send = (conn: Connection, message: RealtimeServerMessage): void => {
    if (conn.socket.readyState !== OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.socket.close(CLOSE.slowConsumer, 'too slow');
      return;
    }
    conn.socket.send(JSON.stringify(message));
  };

  const offer = (conn: Connection, event: RealtimeEvent): void => {
    if (conn.holding) conn.held.push(event);
    else send(conn, event);
  };

  const deliverNow = async (event: RealtimeEvent, audience: RealtimeAudience): Promise<void> => {
    const recipients = new Set(byUser.get(event.user_id));
    const othersOnline = byUser.size > (byUser.has(event.user_id) ? 1 : 0);
    if (audience === 'subject_and_guardians' && othersOnline) {
      for (const guardianId of await activeGuardianIds(db, event.user_id)) {
        for (const conn of byUser.get(guardianId) ?? []) recipients.add(conn);
      }
    }
    for (const conn of recipients) offer(conn, event);
  };

  const deliver = (event: RealtimeEvent, audience: RealtimeAudience): Promise<void> => {
    const round = deliveries.then(() =>
      deliverNow(event, audience).catch((error: unknown) =>
        log.error({ err: error }, 'realtime delivery failed'),
      ),
    );
    deliveries = round;
    return track(round);
  };

  bus.onMessage((message) => {
    if (!closed) void deliver(message.event, message.audience);
  });

  const register = (conn: Connection, auth: AuthContext): void => {
    conn.auth = auth;
    let mine = byUser.get(auth.userId);
    if (!mine) byUser.set(auth.userId, (mine = new Set()));
    mine.add(conn);
  };

  const unregister = (conn: Connection): void => {
    all.delete(conn);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    if (!conn.auth) return;
    const mine = byUser.get(conn.auth.userId);
    mine?.delete(conn);
    if (mine?.size === 0) byUser.delete(conn.auth.userId);
  };

  /** Sends what the client missed since `since`, then what arrived live meanwhile (without repeats). */
  const replay = async (conn: Connection, auth: AuthContext, since: number): Promise<void> => {
    conn.holding = true;
    const wards = await activeWards(db, auth.userId);
    const limit = REALTIME_CHANNEL.maxCatchUpEvents;
    const missed = await eventsSince(db, { viewerId: auth.userId, since, wards, limit: limit + 1 });
    const replayed = missed.slice(0, limit);
    for (const event of replayed) send(conn, event);
    const lastId = replayed.at(-1)?.id ?? since;
    send(conn, { type: 'resumed', last_event_id: lastId, truncated: missed.length > limit });
    release(conn, new Set(replayed.map((event) => event.id)));
  };

  const release = (conn: Connection, alreadySent: ReadonlySet<number> = new Set()): void => {
    const held = conn.held;
    conn.held = [];
    conn.holding = false;
    for (const event of held) if (!alreadySent.has(event.id)) send(conn, event);
  };

  const authenticate = async (
    conn: Connection,
    auth: AuthContext,
    since: number | undefined,
  ): Promise<void> => {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.authTimer = null;
    // The socket may have closed while its token was being checked: then there is nothing to register.
    if (!all.has(conn)) return;
    conn.holding = true;
    register(conn, auth);
    send(conn, { type: 'ready', user_id: auth.userId, last_event_id: await lastEventId(db) });
    if (since === undefined) release(conn);
    else await replay(conn, auth, since);
  };

  const handleMessage = async (conn: Connection, data: RawData): Promise<void> => {
    const parsed = RealtimeClientMessageSchema.safeParse(parseJson(data));
    if (!conn.auth) {
      const auth =
        parsed.success && parsed.data.type === 'auth' ? await deps.verifyToken(parsed.data.token) : null;
      if (!auth) return conn.socket.close(CLOSE.unauthenticated, 'not authenticated');
      return authenticate(conn, auth, conn.since);
    }
    if (!parsed.success) return send(conn, { type: 'error', message: VALIDATION.invalidRequest });
    const message = parsed.data;
    if (message.type === 'resume') return replay(conn, conn.auth, message.since);
    if (message.type === 'ping') return send(conn, { type: 'pong' });
    // A second `auth` on an authenticated socket changes nothing.
  };

  const enqueue = (conn: Connection, work: () => Promise<void>): void => {
    conn.queue = track(
      conn.queue.then(work).catch((error: unknown) => {
        log.error({ err: error }, 'realtime message failed');
        conn.socket.close(1011, 'server error');
      }),
    );
  };

  /** Every heartbeat: drop sockets that did not answer the last ping, and those whose session was revoked. */
  const heartbeat = async (): Promise<void> => {
    for (const conn of all) {
      if (!conn.alive) {
        conn.socket.terminate();
        unregister(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    const authed = [...all].filter((conn) => conn.auth !== null);
    const live = await liveSessionIds(db, [...new Set(authed.map((conn) => conn.auth!.sessionId))]);
    for (const conn of authed) {
      if (!live.has(conn.auth!.sessionId)) conn.socket.close(CLOSE.unauthenticated, 'session ended');
    }
  };
  const heartbeatTimer = setInterval(() => {
    void track(heartbeat().catch((error: unknown) => log.warn({ err: error }, 'realtime heartbeat failed')));
  }, deps.heartbeatMs ?? REALTIME.heartbeatMs);
  heartbeatTimer.unref();

  const shutdown = async (): Promise<void> => {
    closed = true;
    clearInterval(heartbeatTimer);
    for (const conn of all) {
      if (conn.authTimer) clearTimeout(conn.authTimer);
      conn.socket.close(1001, 'shutting down');
    }
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    await bus.close();
  };

  return {
    publish(request: PublishRequest) {
      if (closed) return Promise.resolve(null);
      const audience = request.audience ?? 'subject_and_guardians';
      const work = (async (): Promise<RealtimeEvent | null> => {
        try {
          const event = await insertEvent(db, { ...request, audience, now: clock.now() });
          await Promise.all([
            deliver(event, audience),
            bus.broadcast({ event, audience }).catch((error: unknown) => {
              log.warn({ err: error }, 'realtime broadcast failed; other instances catch up on reconnect');
            }),
          ]);
          for (const listener of listeners) listener(event);
          return event;
        } catch (error) {
          log.error({ err: error, type: request.type }, 'realtime publish failed');
          return null;
        }
      })();
      return track(work);
    },

    accept(socket, request) {
      const conn: Connection = {
        socket,
        auth: null,
        alive: true,
        holding: false,
        held: [],
        queue: Promise.resolve(),
        authTimer: null,
        since: undefined,
      };
      if (closed) return socket.close(1001, 'shutting down');
      all.add(conn);
      socket.on('close', () => unregister(conn));
      socket.on('error', (error: Error) => log.debug({ err: error }, 'realtime socket error'));
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('message', (data: RawData) => enqueue(conn, () => handleMessage(conn, data)));

      const query = RealtimeQuerySchema.safeParse(request.query ?? {});
      if (!query.success) return socket.close(CLOSE.badRequest, 'bad request');
      conn.since = query.data.since;
      const auth = request.auth;
      if (auth) {
        enqueue(conn, () => authenticate(conn, auth, query.data.since));
        return;
      }
      // A token in the URL that did not authenticate (expired, revoked, forged) is final.
      if (query.data.access_token !== undefined)
        return socket.close(CLOSE.unauthenticated, 'not authenticated');
      conn.authTimer = setTimeout(() => {
        if (!conn.auth) socket.close(CLOSE.unauthenticated, 'not authenticated');
      }, REALTIME_CHANNEL.authTimeoutMs);
      conn.authTimer.unref();
    },

    onPublished(listener) {
      listeners.push(listener);
    },

    ready: () => bus.ready(),

    connectionCount: () => [...all].filter((conn) => conn.auth !== null).length,

    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

function parseJson(data: RawData): unknown {
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
