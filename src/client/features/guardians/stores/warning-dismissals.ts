import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { WARD_ACTIVITY } from '#shared/constants';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * Which wards' journey warnings the guardian answered "Got it" on this device (utils/warning-banners.ts: the key
 * of each), so a reload or another tab does not bring the banner back. Local storage: it is about this device,
 * not this tab. Cleared at sign-out with the rest of the guardian's activity (app/realtime/realtime-scope.tsx).
 */
const DismissedSchema = z.array(z.object({ key: z.string(), at: z.string() }));
type Dismissed = z.infer<typeof DismissedSchema>;

const EMPTY: Dismissed = [];

const stored = persistentStoreFamily<Dismissed>({
  keyFor: (viewerId) => `beacon-warning-dismissals:${viewerId}`,
  schema: DismissedSchema,
  fallback: EMPTY,
});

/** A journey's warnings are listed by the server no longer than a ward's alerts; neither are their dismissals. */
const fresh = (dismissed: Dismissed, nowMs: number): Dismissed => {
  const oldest = nowMs - WARD_ACTIVITY.retentionHours * 3_600_000;
  return dismissed.filter((entry) => Date.parse(entry.at) >= oldest);
};

export function dismissWarning(viewerId: string, key: string, nowMs: number = Date.now()): void {
  const store = stored(viewerId);
  const current = store.get();
  if (current.some((entry) => entry.key === key)) return;
  store.set([...fresh(current, nowMs), { key, at: new Date(nowMs).toISOString() }]);
}

export function clearWarningDismissals(viewerId: string): void {
  stored(viewerId).clear();
}

/** The keys of the warnings this device was told "Got it" for, re-rendering when one is added (in any tab). */
export function useDismissedWarnings(viewerId: string): ReadonlySet<string> {
  const store = stored(viewerId);
  const dismissed = useSyncExternalStore(store.subscribe, store.get);
  return keysOf(dismissed);
}

const sets = new WeakMap<Dismissed, ReadonlySet<string>>();
/** The same set for the same stored list, so screens re-render only when it changes. */
function keysOf(dismissed: Dismissed): ReadonlySet<string> {
  let set = sets.get(dismissed);
  if (!set) sets.set(dismissed, (set = new Set(dismissed.map((entry) => entry.key))));
  return set;
}
