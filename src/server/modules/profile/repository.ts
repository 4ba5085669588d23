import type { Queryable } from '../../db/database';
import { one } from '../../db/database';
import { LAST_CHANCE } from '#shared/last-chance';

export type ProfileRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  location_sharing_enabled: boolean;
  sound_enabled: boolean;
  settings: Record<string, unknown> | null;
  time_zone: string | null;
  last_chance_minutes: number;
  created_at: Date;
  updated_at: Date;
};

/** The profile columns a PATCH may set directly (contacts and settings are handled separately). */
export type ProfileColumnsPatch = Partial<
  Pick<
    ProfileRow,
    | 'full_name'
    | 'email'
    | 'phone'
    | 'location_sharing_enabled'
    | 'sound_enabled'
    | 'time_zone'
    | 'last_chance_minutes'
  >
>;

const COLUMNS =
  'id, full_name, email, phone, location_sharing_enabled, sound_enabled, settings, time_zone, last_chance_minutes, created_at, updated_at';
const PATCHABLE: ReadonlyArray<keyof ProfileColumnsPatch> = [
  'full_name',
  'email',
  'phone',
  'location_sharing_enabled',
  'sound_enabled',
  'time_zone',
  'last_chance_minutes',
];

export function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  return one<ProfileRow>(db, `SELECT ${COLUMNS} FROM profiles WHERE id = $1`, [userId]);
}

/**
 * What a new profile starts with: the account's name, e-mail address and phone
 * (docs/PRODUCT.md#profile-and-contacts-endpoints).
 */
export type ProfileSeed = { fullName: string; email: string; phone: string | null; timeZone?: string | null };

/** Creates the person's profile when there is none; does nothing when one exists (concurrent first loads). */
export async function createProfileIfAbsent(
  tx: Queryable,
  userId: string,
  seed: ProfileSeed,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO profiles (id, full_name, email, phone, time_zone, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $6, $5, $5)
     ON CONFLICT (id) DO NOTHING`,
    [userId, seed.fullName, seed.email, seed.phone || null, now, seed.timeZone ?? null],
  );
}

/** The name each given person goes by ('' for someone without a profile or a name). */
export async function findFullNames(db: Queryable, userIds: readonly string[]): Promise<Map<string, string>> {
  const people = await findPeople(db, userIds);
  return new Map(userIds.map((id) => [id, people.get(id)?.full_name ?? '']));
}

export async function findFullName(db: Queryable, userId: string): Promise<string> {
  return (await findFullNames(db, [userId])).get(userId) ?? '';
}

export type PersonRow = { id: string; full_name: string; email: string; location_sharing_enabled: boolean };

/** Names, addresses and sharing flags of the given people (those without a profile are left out). */
export async function findPeople(db: Queryable, userIds: readonly string[]): Promise<Map<string, PersonRow>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<PersonRow>(
    'SELECT id, full_name, email, location_sharing_enabled FROM profiles WHERE id = ANY($1::uuid[])',
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Does the person share their location (their profile's switch; no profile means no)? */
export async function isSharingLocation(db: Queryable, userId: string): Promise<boolean> {
  return (await findPeople(db, [userId])).get(userId)?.location_sharing_enabled === true;
}

/**
 * What the person chose for what their SOS text carries: whether the server may use the positions it holds
 * (Share Location) and whether contacts get the live-tracking link (Emergency Contact Access; on unless switched
 * off). Without a profile: no stored positions, and the link as by default.
 */
export type SosPreferences = {
  sharesLocation: boolean;
  contactsGetTrackingLink: boolean;
  /** The person's IANA time zone, for the times in the text; null means UTC. */
  timeZone: string | null;
};

export async function findSosPreferences(db: Queryable, userId: string): Promise<SosPreferences> {
  const row = await one<{
    location_sharing_enabled: boolean;
    contact_access_off: boolean;
    time_zone: string | null;
  }>(
    db,
    `SELECT location_sharing_enabled, settings @> '{"emergencyContacts": false}'::jsonb AS contact_access_off,
            time_zone
     FROM profiles WHERE id = $1`,
    [userId],
  );
  return {
    sharesLocation: row?.location_sharing_enabled === true,
    contactsGetTrackingLink: row?.contact_access_off !== true,
    timeZone: row?.time_zone ?? null,
  };
}

/**
 * The person's last chance after a journey's deadline, in seconds (the journeys module's port); without a profile,
 * the default.
 */
export async function findLastChanceSeconds(db: Queryable, userId: string): Promise<number> {
  const row = await one<{ last_chance_minutes: number }>(
    db,
    'SELECT last_chance_minutes FROM profiles WHERE id = $1',
    [userId],
  );
  return (row?.last_chance_minutes ?? LAST_CHANCE.defaultMinutes) * 60;
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

/** The seconds the person chose before an unanswered alert escalates; null: the server's default (or no profile). */
export async function findEscalationSeconds(db: Queryable, userId: string): Promise<number | null> {
  const row = await one<{ alert_escalation_seconds: number | null }>(
    db,
    'SELECT alert_escalation_seconds FROM profiles WHERE id = $1',
    [userId],
  );
  return row?.alert_escalation_seconds ?? null;
}

/** Stores the person's escalation time (null: the server's default again). The profile must exist. */
export async function updateEscalationSeconds(
  tx: Queryable,
  userId: string,
  seconds: number | null,
  now: Date,
): Promise<void> {
  await tx.query('UPDATE profiles SET alert_escalation_seconds = $2, updated_at = $3 WHERE id = $1', [
    userId,
    seconds,
    now,
  ]);
}
