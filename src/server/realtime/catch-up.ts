/**
 * Catch-up: a client that reconnects with `?since=<id>` (or sends `{type:'resume'}`) first receives what it
 * missed — its own events and those of the people it may watch (access/policy.ts), each since that guardian was
 * approved — then what arrived live meanwhile, without repeats.
 */
import { REALTIME_CHANNEL } from '#shared/constants';
import type { AccessPolicy } from '../access/policy';
import type { Queryable } from '../db/database';
import type { AuthContext } from '../http/access';
import { release, send, type Connection } from './connection';
import { eventsSince } from './repository';

export async function replay(
  deps: { db: Queryable; access: AccessPolicy },
  conn: Connection,
  auth: AuthContext,
  since: number,
): Promise<void> {
  conn.holding = true;
  const wards = await deps.access.watched(auth);
  const limit = REALTIME_CHANNEL.maxCatchUpEvents;
  const missed = await eventsSince(deps.db, { viewerId: auth.userId, since, wards, limit: limit + 1 });
  const replayed = missed.slice(0, limit);
  for (const event of replayed) send(conn, event);
  const lastId = replayed.at(-1)?.id ?? since;
  send(conn, { type: 'resumed', last_event_id: lastId, truncated: missed.length > limit });
  release(conn, new Set(replayed.map((event) => event.id)));
}
