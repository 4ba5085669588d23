/**
 * "Seen": a guardian acknowledges a ward's alert (POST /api/wards/alerts/:id/seen). Stored per alert and guardian
 * (migration 014), so all of that guardian's devices show the banner as seen, and other guardians of the same
 * ward are not affected. GET /api/wards/alerts answers it as `seen_at` (alerts/service.ts reads `seenAtOf`).
 */
import type { AlertAcknowledgement } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import type { RealtimePublisher } from '../../realtime/publisher';

export type AlertAcknowledgementService = {
  /**
   * Marks the alert seen by the caller and answers when (the first time counts). 404 unless the caller is an
   * active guardian of the alert's owner and the alert is one they may read (raised since the link began).
   */
  markSeen(auth: AuthContext, alertId: string): Promise<AlertAcknowledgement>;
};

/**
 * The owner of an alert the guardian may read: the same rule as GET /api/wards/alerts (an active link, and the
 * alert raised since it became active). Null for anything else, so a stranger cannot tell a real id from a bad one.
 */
async function readableWardOf(db: Queryable, guardianId: string, alertId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT a.user_id FROM alerts a
     JOIN guardian_relationships r
       ON r.ward_id = a.user_id AND r.guardian_id = $1 AND r.status = 'active'
     WHERE a.id = $2 AND a.created_at >= COALESCE(r.activated_at, r.updated_at)
     LIMIT 1`,
    [guardianId, alertId],
  );
  return rows[0]?.user_id ?? null;
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
  publisher: RealtimePublisher;
}): AlertAcknowledgementService {
  const { db, clock, publisher } = deps;
  return {
    async markSeen(auth, alertId) {
      const wardId = await readableWardOf(db, auth.userId, alertId);
      if (!wardId) throw new AppError('not_found', ERRORS.notFound);
      const { seenAt, inserted } = await acknowledge(db, alertId, auth.userId, clock.now());
      const acknowledgement = { alert_id: alertId, ward_id: wardId, seen_at: seenAt.toISOString() };
      // Only the guardian's own devices hear of it: the ward and other guardians keep their own picture.
      if (inserted) {
        void publisher.publish({
          type: 'alert.seen',
          userId: auth.userId,
          audience: 'subject',
          payload: acknowledgement,
        });
      }
      return acknowledgement;
    },
  };
}
