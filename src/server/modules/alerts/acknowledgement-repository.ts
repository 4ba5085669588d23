import type { Queryable } from '../../db/database';

/** Inserts a guardian's "Seen" once; answers the stored time and whether this call stored it. */
export async function acknowledge(
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
