/**
 * The one rule for who may see a person's data: the person themself, and a guardian only while their
 * relationship is `active`. Pending, rejected and ended relationships grant nothing. Every read of a ward's data
 * (locations, alerts, the ward list) and every realtime catch-up goes through these functions, and they read the
 * database each time, so a guardian removed a moment ago sees nothing from then on. Live realtime routing uses
 * the hub's in-memory index (realtime/guardian-index.ts), loaded from `activeWards`/`activeWardIdsOf` and changed
 * by every relationship event.
 */
import type { Queryable } from '../../db/database';

/** The single SQL condition behind every function here. */
const ACTIVE = "status = 'active'";

/** True when `guardianId` currently watches over `wardId`. */
export async function canWatch(db: Queryable, guardianId: string, wardId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM guardian_relationships WHERE guardian_id = $1 AND ward_id = $2 AND ${ACTIVE} LIMIT 1`,
    [guardianId, wardId],
  );
  return rows.length > 0;
}

/** May `viewerId` see `subjectId`'s data? Themself always; anyone else only as an active guardian. */
export async function canSee(db: Queryable, viewerId: string, subjectId: string): Promise<boolean> {
  return viewerId === subjectId || canWatch(db, viewerId, subjectId);
}

/** Everyone who currently watches over `wardId`. */
export async function activeGuardianIds(db: Queryable, wardId: string): Promise<string[]> {
  const { rows } = await db.query<{ guardian_id: string }>(
    `SELECT guardian_id FROM guardian_relationships WHERE ward_id = $1 AND ${ACTIVE}`,
    [wardId],
  );
  return rows.map((row) => row.guardian_id);
}

export type ActiveWard = { wardId: string; relationshipId: string; activatedAt: Date };

/** Everyone `guardianId` currently watches over, and since when (events before that are not theirs to see). */
export async function activeWards(db: Queryable, guardianId: string): Promise<ActiveWard[]> {
  const { rows } = await db.query<{ ward_id: string; id: string; activated_at: Date }>(
    `SELECT ward_id, id, COALESCE(activated_at, updated_at) AS activated_at
     FROM guardian_relationships WHERE guardian_id = $1 AND ${ACTIVE} ORDER BY activated_at`,
    [guardianId],
  );
  return rows.map((row) => ({ wardId: row.ward_id, relationshipId: row.id, activatedAt: row.activated_at }));
}

/** The wards each of the given people currently watches over (for the realtime hub's routing map). */
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
