import type { Queryable } from '../../db/database';
import { one } from '../../db/database';

export type ProfileRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  location_sharing_enabled: boolean;
  sound_enabled: boolean;
  settings: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
};

/** The profile columns a PATCH may set directly (contacts and settings are handled separately). */
export type ProfileColumnsPatch = Partial<
  Pick<ProfileRow, 'full_name' | 'email' | 'phone' | 'location_sharing_enabled' | 'sound_enabled'>
>;

const COLUMNS =
  'id, full_name, email, phone, location_sharing_enabled, sound_enabled, settings, created_at, updated_at';
const PATCHABLE: ReadonlyArray<keyof ProfileColumnsPatch> = [
  'full_name',
  'email',
  'phone',
  'location_sharing_enabled',
  'sound_enabled',
];

export function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  return one<ProfileRow>(db, `SELECT ${COLUMNS} FROM profiles WHERE id = $1`, [userId]);
}

/**
 * Creates the profile from the auth user when there is none (document 1 §3): full_name and phone from the
 * user's metadata (empty string for the name, null for the phone), email from the user. Does nothing when a
 * profile exists, so concurrent first loads are safe.
 */
export async function createProfileIfAbsent(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO profiles (id, full_name, email, phone, created_at, updated_at)
     SELECT id, COALESCE(user_metadata->>'full_name', ''), email, NULLIF(user_metadata->>'phone', ''), $2, $2
     FROM users WHERE id = $1
     ON CONFLICT (id) DO NOTHING`,
    [userId, now],
  );
}

/**
 * Updates the given columns and merges `settings` into the stored ones. Column names come from a fixed list,
 * never from the request, so building the SET clause is safe.
 */
export async function updateProfile(
  tx: Queryable,
  userId: string,
  change: { columns: ProfileColumnsPatch; settings?: Record<string, boolean>; now: Date },
): Promise<void> {
  const assignments: string[] = [];
  const params: unknown[] = [userId, change.now];
  for (const column of PATCHABLE) {
    if (!(column in change.columns)) continue;
    params.push(change.columns[column]);
    assignments.push(`${column} = $${params.length}`);
  }
  if (change.settings) {
    params.push(JSON.stringify(change.settings));
    assignments.push(`settings = settings || $${params.length}::jsonb`);
  }
  await tx.query(
    `UPDATE profiles SET ${[...assignments, 'updated_at = $2'].join(', ')} WHERE id = $1`,
    params,
  );
}
