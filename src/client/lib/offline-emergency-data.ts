import { z } from 'zod';
import { STORAGE_KEYS } from '#shared/constants';
import { EmergencyContactSchema, type EmergencyContact } from '#shared/schemas/profile';
import { persistentStoreFamily } from './persistent-store';

/**
 * The offline copy: the person's contacts, name and phone kept in local storage so an SOS can
 * still reach the contacts through the messaging app without a connection, and the settings an SOS needs. Per person, so a shared device never
 * texts someone else's contacts. Written by the contacts feature (contacts) and the app shell (profile), read by
 * the SOS feature; it lives in lib/ because features do not import each other.
 * See docs/PRODUCT.md#data-kept-on-the-device.
 */
const OfflineEmergencyDataSchema = z.object({
  contacts: z.array(EmergencyContactSchema),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  /** Unknown until the profile has loaded once; callers treat unknown as "sound on". */
  soundEnabled: z.boolean().nullable(),
  /**
   * Share Location (the profile's location_sharing_enabled) as last read: a reload without a connection still
   * knows whether an alert shares the position. Unknown until the profile has loaded once (copies saved before
   * this field read as unknown).
   */
  shareLocation: z.boolean().nullable().default(null),
  savedAt: z.string(),
});
export type OfflineEmergencyData = z.infer<typeof OfflineEmergencyDataSchema>;

export type OfflineProfile = Pick<OfflineEmergencyData, 'fullName' | 'phone' | 'soundEnabled'>;

const EMPTY: Omit<OfflineEmergencyData, 'savedAt'> = {
  contacts: [],
  fullName: null,
  phone: null,
  soundEnabled: null,
  shareLocation: null,
};

export function offlineEmergencyDataKey(userId: string): string {
  return `${STORAGE_KEYS.offlineEmergencyData}:${userId}`;
}

const storeFor = persistentStoreFamily<OfflineEmergencyData | null>({
  keyFor: offlineEmergencyDataKey,
  schema: OfflineEmergencyDataSchema.nullable(),
  fallback: null,
});

/** The saved copy, or null when nothing (valid) was saved for this person. */
export function readOfflineEmergencyData(userId: string): OfflineEmergencyData | null {
  return storeFor(userId).get();
}

function update(userId: string, change: Partial<Omit<OfflineEmergencyData, 'savedAt'>>): void {
  const store = storeFor(userId);
  store.set({ ...(store.get() ?? EMPTY), ...change, savedAt: new Date().toISOString() });
}

/** Keeps only the four stored fields; callers pass contacts the server has accepted. */
export function saveOfflineContacts(userId: string, contacts: readonly EmergencyContact[]): void {
  update(userId, {
    contacts: contacts.map(({ id, name, phone, relationship }) => ({ id, name, phone, relationship })),
  });
}

export function saveOfflineProfile(userId: string, profile: OfflineProfile): void {
  update(userId, profile);
}

/** Written wherever the profile is read for the live location (app/hooks/use-location-sharing-state.ts). */
export function saveOfflineShareLocation(userId: string, shareLocation: boolean): void {
  if (readOfflineEmergencyData(userId)?.shareLocation === shareLocation) return;
  update(userId, { shareLocation });
}

/**
 * Forgets the person's copy when they sign out: it exists for their SOS, and on a shared device the next person
 * must not find their contacts in storage. (Their queued, unsent alerts stay in the device outbox: they go out when they sign in again.)
 */
export function clearOfflineEmergencyData(userId: string): void {
  storeFor(userId).clear();
}
