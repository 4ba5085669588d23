import type { RealtimeEvent, RealtimeEventType } from '#shared/schemas/realtime';
import type { Queryable } from '../db/database';
import { one } from '../db/database';
import type { ActiveWard } from '../access/guardian-rule';
import type { RealtimeAudience } from './publisher';

type EventRow = { id: number; user_id: string; type: string; payload: unknown; created_at: Date };

/** An event to store: whom it is about, and what it is. */
export type NewEvent = {
  userId: string;
  type: RealtimeEventType;
  audience: RealtimeAudience;
  payload: unknown;
  now: Date;
};

/**
 * Stores events (of one person or several) in ONE statement and returns them with their ids, in the order given.
 * Rows are inserted in the order of the SELECT's ORDER BY, so ids ascend in that order (ids only grow, so clients
 * can resume after the last one seen); the answer is sorted by id to match.
 */
export async function insertEvents(db: Queryable, events: readonly NewEvent[]): Promise<RealtimeEvent[]> {
  if (events.length === 0) return [];
  const rows = events.map((event, seq) => ({
    seq,
    user_id: event.userId,
    type: event.type,
    audience: event.audience,
    payload: event.payload,
    created_at: event.now.toISOString(),
  }));
  const { rows: stored } = await db.query<EventRow>(
    `INSERT INTO realtime_events (user_id, type, audience, payload, created_at)
     SELECT e.user_id, e.type, e.audience, e.payload, e.created_at
     FROM jsonb_to_recordset($1::jsonb)
       AS e(seq int, user_id uuid, type text, audience text, payload jsonb, created_at timestamptz)
     ORDER BY e.seq
     RETURNING id::double precision AS id, user_id, type, payload, created_at`,
    [JSON.stringify(rows)],
  );
  return stored.map(toEvent).sort((a, b) => a.id - b.id);
}

/** The newest event id (0 when there is none): a freshly connected client starts from here. */
export async function lastEventId(db: Queryable): Promise<number> {
  const row = await one<{ id: number | null }>(
    db,
    'SELECT max(id)::double precision AS id FROM realtime_events',
  );
  return row?.id ?? 0;
}

/**
 * The events after `since` that `viewerId` may see: their own, and those of each active ward that are meant
 * for guardians, created since that guardian was approved, leaving out a ward's positions while the ward does
 * not share their location. Oldest first, at most `limit`.
 */
export async function eventsSince(
  db: Queryable,
  query: { viewerId: string; since: number; wards: readonly ActiveWard[]; limit: number },
): Promise<RealtimeEvent[]> {
  const wards = query.wards.map((ward) => ({ ward_id: ward.wardId, since: ward.activatedAt.toISOString() }));
  const { rows } = await db.query<EventRow>(
    `SELECT e.id::double precision AS id, e.user_id, e.type, e.payload, e.created_at
     FROM realtime_events e
     WHERE e.user_id = ANY($2::uuid[]) AND e.id > $3
       AND (
         (e.user_id = $1 AND e.audience <> 'guardians')
         OR (
           e.audience IN ('subject_and_guardians', 'guardians')
           AND EXISTS (
             SELECT 1 FROM jsonb_to_recordset($4::jsonb) AS w(ward_id uuid, since timestamptz)
             WHERE w.ward_id = e.user_id AND e.created_at >= w.since
           )
           AND (
             e.type <> 'location.updated'
             OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = e.user_id AND p.location_sharing_enabled)
           )
         )
       )
     ORDER BY e.id LIMIT $5`,
    [
      query.viewerId,
      [query.viewerId, ...query.wards.map((ward) => ward.wardId)],
      query.since,
      JSON.stringify(wards),
      query.limit,
    ],
  );
  return rows.map(toEvent);
}

export async function pruneRealtimeEvents(db: Queryable, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM realtime_events WHERE created_at < $1', [cutoff]);
  return rowCount;
}

function toEvent(row: EventRow): RealtimeEvent {
  // The payload was validated by its type when published; the row is trusted as it was written.
  return {
    id: Number(row.id),
    type: row.type,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    payload: row.payload,
  } as RealtimeEvent;
}
