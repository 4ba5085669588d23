import type { z } from 'zod';
import {
  DEFAULT_PROFILE_SETTINGS,
  type EmergencyContact,
  type Profile,
  type ProfileSettings,
  type ProfileUpdateSchema,
} from '#shared/schemas/profile';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { notSignedIn, type AuthContext } from '../../http/access';
import type { AccountsPort, ContactListPort } from './ports';
import { createProfileIfAbsent, findProfile, updateProfile, type ProfileRow } from './repository';

export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

export type ProfileService = {
  /**
   * The caller's own profile, created from their account the first time
   * (docs/PRODUCT.md#profile-and-contacts-endpoints).
   */
  get(auth: AuthContext): Promise<Profile>;
  /** A partial update of the caller's own profile; returns the whole profile as stored. */
  update(auth: AuthContext, update: ProfileUpdate): Promise<Profile>;
};

/**
 * There is no profile id anywhere in this API: every call reads and writes the row whose id is the caller's
 * user id (docs/PRODUCT.md#roles-and-permissions), so nobody can reach another person's profile.
 *
 * `email` here is the profile's contact address as shown in Settings, as in the product this one follows (a
 * profiles table beside the auth service's users). Changing it does not change the sign-in address
 * (users.email): that keeps one person from claiming another's address as a login without proof, and a typo
 * from locking anyone out.
 */
export function createProfileService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  accounts: AccountsPort;
  contacts: ContactListPort;
}): ProfileService {
  const { db, clock, access, accounts, contacts: contactList } = deps;

  return {
    async get(auth) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      let row = await findProfile(db, ownerId);
      if (!row) {
        const seed = await accounts.profileSeedOf(db, ownerId);
        if (seed) await createProfileIfAbsent(db, ownerId, seed, clock.now());
        row = await findProfile(db, ownerId);
      }
      if (!row) throw notSignedIn();
      return toProfile(row, await contactList.listContacts(db, ownerId));
    },

    async update(auth, update) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const { emergency_contacts: contacts, settings, ...columns } = update;
      // One transaction: the columns, the settings and the whole contact list change together or not at all.
      const saved = await db.transaction(async (tx) => {
        // A profile that does not exist yet is created with its defaults, then updated: one path for both.
        const seed = await accounts.profileSeedOf(tx, ownerId);
        if (!seed) return undefined;
        await createProfileIfAbsent(tx, ownerId, seed, now);
        await updateProfile(tx, ownerId, { columns, settings: definedOnly(settings), now });
        if (contacts) await contactList.replaceContactList(tx, clock, { userId: ownerId, contacts, now });
        const row = await findProfile(tx, ownerId);
        return row ? { row, contacts: await contactList.listContacts(tx, ownerId) } : undefined;
      });
      if (!saved) throw notSignedIn();
      return toProfile(saved.row, saved.contacts);
    },
  };
}

function definedOnly(settings: Partial<ProfileSettings> | undefined): Record<string, boolean> | undefined {
  if (!settings) return undefined;
  const entries = Object.entries(settings).filter(
    (entry): entry is [string, boolean] => entry[1] !== undefined,
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Stored settings over the defaults; a stored value of the wrong type falls back to its default. */
function mergeSettings(stored: Record<string, unknown> | null): ProfileSettings {
  const merged: ProfileSettings = { ...DEFAULT_PROFILE_SETTINGS };
  for (const key of Object.keys(merged) as Array<keyof ProfileSettings>) {
    const value = stored?.[key];
    if (typeof value === 'boolean') merged[key] = value;
  }
  return merged;
}

export function toProfile(row: ProfileRow, contacts: EmergencyContact[]): Profile {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    emergency_contacts: contacts,
    location_sharing_enabled: row.location_sharing_enabled,
    sound_enabled: row.sound_enabled,
    settings: mergeSettings(row.settings),
    time_zone: row.time_zone,
    last_chance_minutes: row.last_chance_minutes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
