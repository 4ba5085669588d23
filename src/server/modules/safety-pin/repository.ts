import { one, type Queryable } from '../../db/database';

export type PinRow = { safety_hash: string; duress_hash: string | null };

export function findPins(db: Queryable, userId: string): Promise<PinRow | undefined> {
  return one<PinRow>(db, 'SELECT safety_hash, duress_hash FROM safety_pins WHERE user_id = $1', [userId]);
}

/** Replaces both PINs at once. */
export async function savePins(db: Queryable, userId: string, pins: PinRow, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO safety_pins (user_id, safety_hash, duress_hash, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET safety_hash = $2, duress_hash = $3, updated_at = $4`,
    [userId, pins.safety_hash, pins.duress_hash, now],
  );
}

export async function deletePins(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM safety_pins WHERE user_id = $1', [userId]);
}
