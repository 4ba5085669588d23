/**
 * Every heartbeat: a socket that did not answer the previous ping is dropped, the others are pinged; sockets
 * whose session ended since are closed with 4401; and the guardian index is reloaded from the database, so a
 * relationship event missed over the bus (Redis away for a moment) is corrected.
 */
import { activeWardIdsOf } from '../access/guardian-rule';
import type { Queryable } from '../db/database';
import { CLOSE, type Connection } from './connection';
import type { Routing } from './routing';

export type HeartbeatDeps = {
  db: Queryable;
  routing: Routing;
  /** Which of these sessions are still signed in. */
  liveSessionIds: (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
  /** Every socket of this instance. */
  sockets: ReadonlySet<Connection>;
  /** Forgets a socket that is gone. */
  drop: (conn: Connection) => void;
};

export async function heartbeat(deps: HeartbeatDeps): Promise<void> {
  for (const conn of deps.sockets) {
    if (!conn.alive) {
      conn.socket.terminate();
      deps.drop(conn);
      continue;
    }
    conn.alive = false;
    conn.socket.ping();
  }
  const authed = [...deps.sockets].filter((conn) => conn.auth !== null);
  const live = await deps.liveSessionIds([...new Set(authed.map((conn) => conn.auth!.sessionId))]);
  for (const conn of authed) {
    if (!live.has(conn.auth!.sessionId)) conn.socket.close(CLOSE.unauthenticated, 'session ended');
  }
  const people = deps.routing.people();
  const wards = await activeWardIdsOf(deps.db, people);
  for (const userId of people) deps.routing.reload(userId, wards.get(userId) ?? []);
}
