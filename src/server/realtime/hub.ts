/**
 * The one realtime hub. It owns every WebSocket of this instance and is the only way events reach clients.
 *
 * Publishing returns at once: the event is stored (`realtime_events`, for catch-up), delivered to this instance's
 * sockets, and broadcast on the bus so every other instance delivers it to theirs, all after the publisher (an
 * HTTP request, say) has moved on. Delivery decides the recipients at send time — the person the event is about
 * and, for guardian-visible events, whoever is their active guardian at that moment — from an in-memory map of
 * the wards each connected person watches. The map is loaded from the database when a socket authenticates
 * (access/guardian-rule.ts), changed at once by every relationship event (published here or arriving over the
 * bus), and reloaded every heartbeat; so a guardian removed a second ago receives nothing, and no event costs a
 * database read to route. See docs/decisions/005-realtime-hub.md.
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
  type RealtimePayload,
  type RealtimeServerMessage,
} from '#shared/schemas/realtime';
import { VALIDATION } from '#shared/texts';
import { activeWardIdsOf } from '../access/guardian-rule';
import type { AccessPolicy } from '../access/policy';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { AuthContext } from '../http/access';
import type { RealtimeBus } from './bus';
import type { PublishRequest, RealtimeAudience, RealtimePublisher } from './publisher';
import { eventsSince, insertEvent, lastEventId } from './repository';
import type { GuardianIndex } from './guardian-index';
import { createGuardianIndex } from './guardian-index';

/** Checks a socket's token the way the access hook checks a bearer token (modules/auth/session-verifier.ts). */
export type VerifyToken = (token: string) => Promise<AuthContext | null>;

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
  accept(socket: HubSocket, request: { query: unknown }): void;
  /** Resolves once events from other instances arrive here. */
  ready(): Promise<void>;
  /** Open, authenticated sockets on this instance. */
  connectionCount(): number;
  /** Resolves once every publish under way has been stored and delivered (tests, shutdown). */
  idle(): Promise<void>;
  /** Closes every socket, waits for publishes under way and closes the bus. */
  close(): Promise<void>;
};

export type RealtimeHubDeps = {
  db: Queryable;
  clock: Clock;
  /** Decides whose events a person's catch-up holds (access/policy.ts). */
  access: AccessPolicy;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  verifyToken: VerifyToken;
  /** Which of these sessions are still signed in (modules/auth/session-verifier.ts). */
  liveSessionIds: (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
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
  const { db, clock, access, log, bus } = deps;
  const all = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const guardians: GuardianIndex = createGuardianIndex();
  const inFlight = new Set<Promise<unknown>>();
  /** The last publish of each subject: the next one of the same subject waits for it (see publish). */
  const bySubject = new Map<string, Promise<unknown>>();
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

  /** Synchronous: the person's sockets and, for guardian-visible events, their connected active guardians'. */
  const deliver = (event: RealtimeEvent, audience: RealtimeAudience): void => {
    const recipients = new Set(byUser.get(event.user_id));
    if (audience === 'subject_and_guardians') {
      for (const guardianId of guardians.watchersOf(event.user_id)) {
        for (const conn of byUser.get(guardianId) ?? []) recipients.add(conn);
      }
    }
    for (const conn of recipients) offer(conn, event);
  };

  /** A relationship changed: the guardian's side of the event says whether they now watch the ward. */
  const noteRelationship = (userId: string, payload: RealtimePayload<'relationship.updated'>): void => {
    if (payload.role !== 'guardian' || !byUser.has(userId)) return;
    guardians.set(userId, payload.ward_id, payload.status === 'active');
  };

  bus.onMessage((message) => {
    if (closed) return;
    if (message.event.type === 'relationship.updated')
      noteRelationship(message.event.user_id, message.event.payload);
    deliver(message.event, message.audience);
  });

  const register = async (conn: Connection, auth: AuthContext): Promise<void> => {
    conn.auth = auth;
    let mine = byUser.get(auth.userId);
    if (!mine) {
      byUser.set(auth.userId, (mine = new Set()));
      guardians.load(
        auth.userId,
        (await access.watched(auth)).map((ward) => ward.wardId),
      );
    }
    mine.add(conn);
  };

  const unregister = (conn: Connection): void => {
    all.delete(conn);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    if (!conn.auth) return;
    const mine = byUser.get(conn.auth.userId);
    mine?.delete(conn);
    if (mine?.size === 0) {
      byUser.delete(conn.auth.userId);
      guardians.forget(conn.auth.userId);
    }
  };

  /** Sends what the client missed since `since`, then what arrived live meanwhile (without repeats). */
  const replay = async (conn: Connection, auth: AuthContext, since: number): Promise<void> => {
    conn.holding = true;
    const wards = await access.watched(auth);
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
    await register(conn, auth);
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
    const live = await deps.liveSessionIds([...new Set(authed.map((conn) => conn.auth!.sessionId))]);
    for (const conn of authed) {
      if (!live.has(conn.auth!.sessionId)) conn.socket.close(CLOSE.unauthenticated, 'session ended');
    }
    // A relationship event missed over the bus (Redis away for a moment) is corrected here.
    const people = [...byUser.keys()];
    const wards = await activeWardIdsOf(db, people);
    for (const userId of people) if (byUser.has(userId)) guardians.load(userId, wards.get(userId) ?? []);
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
    await hub.idle();
    await bus.close();
  };

  const hub: RealtimeHub = {
    publish(request: PublishRequest) {
      if (closed) return Promise.resolve(null);
      const audience = request.audience ?? 'subject_and_guardians';
      // Before anything else: an event published after this one must already see the new relationship.
      if (request.type === 'relationship.updated') noteRelationship(request.userId, request.payload);
      // One subject's events are written and delivered in the order they were published (a delivery update never
      // overtakes the alert it belongs to); different people's events never wait for each other.
      // The event's time is when it was published, not when it is stored behind earlier ones: a guardian approved
      // in between must not see it (catch-up compares it with the approval).
      const publishedAt = clock.now();
      const previous = bySubject.get(request.userId) ?? Promise.resolve();
      const work = previous.then(async (): Promise<RealtimeEvent | null> => {
        try {
          const event = await insertEvent(db, { ...request, audience, now: publishedAt });
          deliver(event, audience);
          await bus.broadcast({ event, audience }).catch((error: unknown) => {
            log.warn({ err: error }, 'realtime broadcast failed; other instances catch up on reconnect');
          });
          return event;
        } catch (error) {
          log.error({ err: error, type: request.type }, 'realtime publish failed');
          return null;
        }
      });
      bySubject.set(request.userId, work);
      void work.finally(() => {
        if (bySubject.get(request.userId) === work) bySubject.delete(request.userId);
      });
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
      const token = query.data.access_token;
      if (token !== undefined) {
        // A token in the URL that does not authenticate (expired, revoked, forged) is final.
        enqueue(conn, async () => {
          const auth = await deps.verifyToken(token);
          if (!auth) return conn.socket.close(CLOSE.unauthenticated, 'not authenticated');
          return authenticate(conn, auth, query.data.since);
        });
        return;
      }
      conn.authTimer = setTimeout(() => {
        if (!conn.auth) socket.close(CLOSE.unauthenticated, 'not authenticated');
      }, REALTIME_CHANNEL.authTimeoutMs);
      conn.authTimer.unref();
    },

    ready: () => bus.ready(),

    connectionCount: () => [...all].filter((conn) => conn.auth !== null).length,

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    close() {
      closing ??= shutdown();
      return closing;
    },
  };
  return hub;
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
