/**
 * The one realtime hub. It owns every WebSocket of this instance and is the only way events reach clients.
 *
 * - Sockets (accept-socket.ts, connection.ts): authenticated by `?access_token=` or a first `{type:'auth'}`
 *   message, else closed with 4401; live events wait while a socket authenticates or replays.
 * - Routing (routing.ts): delivery decides the recipients at send time — the person the event is about and, for
 *   guardian-visible events, whoever is their active guardian at that moment — from an in-memory index of the
 *   wards each connected person watches. It is loaded from the access policy when a person's first socket
 *   authenticates, changed at once by every relationship event (published here or arriving over the bus), and
 *   reloaded every heartbeat; so a guardian removed a second ago receives nothing, and no event costs a database
 *   read to route.
 * - Catch-up (catch-up.ts): what a reconnecting client missed, as the access policy allows.
 * - Fan-out (fan-out.ts): publishing returns at once; the event is stored, delivered here and broadcast on the bus.
 * - Heartbeat (heartbeat.ts): drops sockets that stopped answering or whose session ended.
 * See docs/decisions/005-realtime-hub.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { REALTIME } from '#shared/constants';
import type { AccessPolicy } from '../access/policy';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import { acceptSocket, type VerifyToken } from './accept-socket';
import type { RealtimeBus } from './bus';
import type { Connection, HubSocket } from './connection';
import { createFanOut } from './fan-out';
import { heartbeat } from './heartbeat';
import type { RealtimePublisher } from './publisher';
import { createRouting } from './routing';

export type RealtimeHub = RealtimePublisher & {
  /** Takes over a freshly upgraded socket. */
  accept(socket: HubSocket, request: { query: unknown }): void;
  /**
   * Calls `listener` with every event this instance publishes (once stored) or hears from another instance:
   * how a module's state on every instance follows an event (media streams ending when sharing stops).
   */
  onEvent(listener: (event: RealtimeEvent) => void): void;
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
  /** Decides whose events a person's catch-up holds and whom they watch (access/policy.ts). */
  access: AccessPolicy;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  verifyToken: VerifyToken;
  /** Which of these sessions are still signed in (modules/auth/session-verifier.ts). */
  liveSessionIds: (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
  heartbeatMs?: number;
};

export function createRealtimeHub(deps: RealtimeHubDeps): RealtimeHub {
  const { log, bus } = deps;
  const sockets = new Set<Connection>();
  const routing = createRouting();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };

  const drop = (conn: Connection): void => {
    sockets.delete(conn);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    if (conn.auth) routing.leave(conn, conn.auth.userId);
  };

  const listeners: Array<(event: RealtimeEvent) => void> = [];
  const heard = (event: RealtimeEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error, type: event.type }, 'realtime listener failed');
      }
    }
  };
  const publish = createFanOut({ ...deps, routing, heard });
  const accepting = { ...deps, routing, sockets, drop, track };

  bus.onMessage((message) => {
    if (closed) return;
    if (message.event.type === 'relationship.updated') {
      routing.noteRelationship(message.event.user_id, message.event.payload);
    }
    routing.deliver(message.event, message.audience);
    heard(message.event);
  });

  const heartbeatTimer = setInterval(() => {
    void track(
      heartbeat({ ...deps, routing, sockets, drop }).catch((error: unknown) =>
        log.warn({ err: error }, 'realtime heartbeat failed'),
      ),
    );
  }, deps.heartbeatMs ?? REALTIME.heartbeatMs);
  heartbeatTimer.unref();

  const shutdown = async (): Promise<void> => {
    closed = true;
    clearInterval(heartbeatTimer);
    for (const conn of sockets) {
      if (conn.authTimer) clearTimeout(conn.authTimer);
      conn.socket.close(1001, 'shutting down');
    }
    await hub.idle();
    await bus.close();
  };

  const hub: RealtimeHub = {
    publish: (request) => (closed ? Promise.resolve(null) : track(publish(request))),

    publishOnceRead: (pending) => {
      void track(
        pending.then(
          (request) => (closed ? null : publish(request)),
          (error: unknown) => log.warn({ err: error }, 'realtime event not published: reading it failed'),
        ),
      );
    },

    accept(socket, request) {
      if (closed) return socket.close(1001, 'shutting down');
      acceptSocket(accepting, socket, request);
    },

    onEvent(listener) {
      listeners.push(listener);
    },

    ready: () => bus.ready(),

    connectionCount: () => [...sockets].filter((conn) => conn.auth !== null).length,

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
