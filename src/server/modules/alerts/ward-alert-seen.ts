/**
 * "Seen": a guardian acknowledges a ward's alert (POST /api/wards/alerts/:id/seen). Stored per alert and guardian
 * (migration 014), so all of that guardian's devices show the banner as seen, and other guardians of the same
 * ward are not affected. GET /api/wards/alerts answers it as `seen_at` (alerts/service.ts reads `seenAtOf`).
 */
import type { AlertAcknowledgement } from '#shared/schemas/alert';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { AlertEvents } from './alert-events';

export type AlertAcknowledgementService = {
  /**
   * Marks the alert seen by the caller and answers when (the first time counts). 404 unless the caller may watch
   * the alert's owner (an active guardian) and the alert was raised since they became one.
   */
  markSeen(auth: AuthContext, alertId: string): Promise<AlertAcknowledgement>;
};

/** Whose alert it is and when it was raised, for the access policy; undefined when there is no such alert. */
async function findAlertStamp(
  db: Queryable,
  alertId: string,
): Promise<{ ownerId: string; createdAt: Date } | undefined> {
  const { rows } = await db.query<{ user_id: string; created_at: Date }>(
    'SELECT user_id, created_at FROM alerts WHERE id = $1',
    [alertId],
  );
  const row = rows[0];
  return row && { ownerId: row.user_id, createdAt: row.created_at };
}

/** Inserts the acknowledgement once; answers the stored time and whether this call stored it. */
async function acknowledge(
  db: Queryable,
  alertId: string,
  guardianId: string,
  at: Date,
): Promise<{ seenAt: Date; inserted: boolean }> {
  const inserted = await db.query<{ seen_at: Date }>(
    `INSERT INTO alert_acknowledgements (alert_id, guardian_id, seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (alert_id, guardian_id) DO NOTHING RETURNING seen_at`,
    [alertId, guardianId, at],
  );
  if (inserted.rows[0]) return { seenAt: inserted.rows[0].seen_at, inserted: true };
  const existing = await db.query<{ seen_at: Date }>(
    'SELECT seen_at FROM alert_acknowledgements WHERE alert_id = $1 AND guardian_id = $2',
    [alertId, guardianId],
  );
  return { seenAt: existing.rows[0]?.seen_at ?? at, inserted: false };
}

/** When `guardianId` said "Seen" to each of the given alerts (absent: not yet). */
export async function seenAtOf(
  db: Queryable,
  guardianId: string,
  alertIds: readonly string[],
): Promise<Map<string, Date>> {
  if (alertIds.length === 0) return new Map();
  const { rows } = await db.query<{ alert_id: string; seen_at: Date }>(
    `SELECT alert_id, seen_at FROM alert_acknowledgements
     WHERE guardian_id = $1 AND alert_id = ANY($2::uuid[])`,
    [guardianId, [...alertIds]],
  );
  return new Map(rows.map((row) => [row.alert_id, row.seen_at]));
}

export function createAlertAcknowledgementService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  events: AlertEvents;
}): AlertAcknowledgementService {
  const { db, clock, access, events } = deps;
  return {
    async markSeen(auth, alertId) {
      const { ownerId: wardId } = await access.require(auth, 'watch', () => findAlertStamp(db, alertId));
      const { seenAt, inserted } = await acknowledge(db, alertId, auth.userId, clock.now());
      const acknowledgement = { alert_id: alertId, ward_id: wardId, seen_at: seenAt.toISOString() };
      if (inserted) events.alertSeen({ guardianId: auth.userId, acknowledgement });
      return acknowledgement;
    },
  };
}
