/**
 * Takes over a freshly upgraded socket. It authenticates with `?access_token=` or a first `{type:'auth'}`
 * message (the same session check as the access hook), else it is closed with 4401; then it receives what it
 * missed when it asked (`?since=`, catch-up.ts) and the live events of the person and those they watch. Its
 * messages are handled one at a time, in order.
 */
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_CHANNEL } from '#shared/constants';
import { RealtimeClientMessageSchema, RealtimeQuerySchema } from '#shared/schemas/realtime';
import { VALIDATION } from '#shared/texts';
import type { AccessPolicy } from '../access/policy';
import type { Queryable } from '../db/database';
import type { AuthContext } from '../http/access';
import { replay } from './catch-up';
import {
  CLOSE,
  newConnection,
  parseJson,
  release,
  send,
  type Connection,
  type HubSocket,
  type RawData,
} from './connection';
import { lastEventId } from './repository';
import type { Routing } from './routing';

/** Checks a socket's token the way the access hook checks a bearer token (modules/auth/session-verifier.ts). */
export type VerifyToken = (token: string) => Promise<AuthContext | null>;

export type AcceptDeps = {
  db: Queryable;
  access: AccessPolicy;
  log: FastifyBaseLogger;
  verifyToken: VerifyToken;
  routing: Routing;
  /** Every socket of this instance: a new one is added, a closed one dropped. */
  sockets: Set<Connection>;
  drop: (conn: Connection) => void;
  /** Counts work in flight, so the hub can wait for it when it closes. */
  track: <T>(work: Promise<T>) => Promise<T>;
};

export function acceptSocket(deps: AcceptDeps, socket: HubSocket, request: { query: unknown }): void {
  const { log } = deps;
  const conn = newConnection(socket);
  deps.sockets.add(conn);
  socket.on('close', () => deps.drop(conn));
  socket.on('error', (error: Error) => log.debug({ err: error }, 'realtime socket error'));
  socket.on('pong', () => {
    conn.alive = true;
  });
  socket.on('message', (data: RawData) => enqueue(deps, conn, () => handleMessage(deps, conn, data)));

  const query = RealtimeQuerySchema.safeParse(request.query ?? {});
  if (!query.success) return socket.close(CLOSE.badRequest, 'bad request');
  conn.since = query.data.since;
  const token = query.data.access_token;
  if (token !== undefined) {
    // A token in the URL that does not authenticate (expired, revoked, forged) is final.
    enqueue(deps, conn, async () => {
      const auth = await deps.verifyToken(token);
      if (!auth) return conn.socket.close(CLOSE.unauthenticated, 'not authenticated');
      return authenticate(deps, conn, auth, query.data.since);
    });
    return;
  }
  conn.authTimer = setTimeout(() => {
    if (!conn.auth) socket.close(CLOSE.unauthenticated, 'not authenticated');
  }, REALTIME_CHANNEL.authTimeoutMs);
  conn.authTimer.unref();
}

async function authenticate(
  deps: AcceptDeps,
  conn: Connection,
  auth: AuthContext,
  since: number | undefined,
): Promise<void> {
  if (conn.authTimer) clearTimeout(conn.authTimer);
  conn.authTimer = null;
  // The socket may have closed while its token was being checked: then there is nothing to register.
  if (!deps.sockets.has(conn)) return;
  conn.holding = true;
  conn.auth = auth;
  await deps.routing.join(conn, auth.userId, async () =>
    (await deps.access.watched(auth)).map((ward) => ward.wardId),
  );
  send(conn, { type: 'ready', user_id: auth.userId, last_event_id: await lastEventId(deps.db) });
  if (since === undefined) release(conn);
  else await replay(deps, conn, auth, since);
}

async function handleMessage(deps: AcceptDeps, conn: Connection, data: RawData): Promise<void> {
  const parsed = RealtimeClientMessageSchema.safeParse(parseJson(data));
  if (!conn.auth) {
    const auth =
      parsed.success && parsed.data.type === 'auth' ? await deps.verifyToken(parsed.data.token) : null;
    if (!auth) return conn.socket.close(CLOSE.unauthenticated, 'not authenticated');
    return authenticate(deps, conn, auth, conn.since);
  }
  if (!parsed.success) return send(conn, { type: 'error', message: VALIDATION.invalidRequest });
  const message = parsed.data;
  if (message.type === 'resume') return replay(deps, conn, conn.auth, message.since);
  if (message.type === 'ping') return send(conn, { type: 'pong' });
  // A second `auth` on an authenticated socket changes nothing.
}

function enqueue(deps: AcceptDeps, conn: Connection, work: () => Promise<void>): void {
  conn.queue = deps.track(
    conn.queue.then(work).catch((error: unknown) => {
      deps.log.error({ err: error }, 'realtime message failed');
      conn.socket.close(1011, 'server error');
    }),
  );
}
