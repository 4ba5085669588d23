/**
 * The guardian rule, written once: a guardian watches over a ward only while their relationship is `active`.
 * Pending, rejected and ended relationships grant nothing. The access policy (policy.ts) decides with these
 * functions who may read a ward's rows; the alert pipeline, the journey deadlines and the journey watch use them
 * to find whom to tell; the realtime hub loads its routing index (realtime/guardian-index.ts) from them. They read
 * the database each time, so a guardian removed a moment ago is refused and told nothing from then on.
 */
import type { Queryable } from '../db/database';

/** The single SQL condition behind every function here. */
const ACTIVE = "status = 'active'";

/** A ward someone actively watches over, and since when (rows made before that are not theirs to see). */
export type ActiveWard = { wardId: string; relationshipId: string; activatedAt: Date };

/** Since when `guardianId` has watched over `wardId`, or null when they do not (now). */
export async function watchingSince(db: Queryable, guardianId: string, wardId: string): Promise<Date | null> {
  const { rows } = await db.query<{ activated_at: Date }>(
    `SELECT COALESCE(activated_at, updated_at) AS activated_at FROM guardian_relationships
     WHERE guardian_id = $1 AND ward_id = $2 AND ${ACTIVE} LIMIT 1`,
    [guardianId, wardId],
  );
  return rows[0]?.activated_at ?? null;
}

/** True when `guardianId` currently watches over `wardId`. */
export async function canWatch(db: Queryable, guardianId: string, wardId: string): Promise<boolean> {
  return (await watchingSince(db, guardianId, wardId)) !== null;
}

/** Everyone who currently watches over `wardId`. */
export async function activeGuardianIds(db: Queryable, wardId: string): Promise<string[]> {
  const { rows } = await db.query<{ guardian_id: string }>(
    `SELECT guardian_id FROM guardian_relationships WHERE ward_id = $1 AND ${ACTIVE}`,
    [wardId],
  );
  return rows.map((row) => row.guardian_id);
}

/** Everyone `guardianId` currently watches over, and since when. */
export async function activeWards(db: Queryable, guardianId: string): Promise<ActiveWard[]> {
  const { rows } = await db.query<{ ward_id: string; id: string; activated_at: Date }>(
    `SELECT ward_id, id, COALESCE(activated_at, updated_at) AS activated_at
     FROM guardian_relationships WHERE guardian_id = $1 AND ${ACTIVE} ORDER BY activated_at`,
    [guardianId],
  );
  return rows.map((row) => ({ wardId: row.ward_id, relationshipId: row.id, activatedAt: row.activated_at }));
}

/** The wards each of the given people currently watches over (for the realtime hub's routing index). */
export async function activeWardIdsOf(
  db: Queryable,
  guardianIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (guardianIds.length === 0) return new Map();
  const { rows } = await db.query<{ guardian_id: string; ward_id: string }>(
    `SELECT guardian_id, ward_id FROM guardian_relationships WHERE guardian_id = ANY($1::uuid[]) AND ${ACTIVE}`,
    [[...guardianIds]],
  );
  const wards = new Map<string, string[]>();
  for (const row of rows) wards.set(row.guardian_id, [...(wards.get(row.guardian_id) ?? []), row.ward_id]);
  return wards;
}
