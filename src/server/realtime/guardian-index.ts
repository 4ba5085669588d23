/**
 * Who watches whom, for the people connected to this instance: the wards of each connected person, and the
 * reverse (the connected guardians of each ward), so routing an event is two map lookups.
 */
export type GuardianIndex = {
  /** Replaces everything known about `guardianId` with these wards. */
  load(guardianId: string, wardIds: readonly string[]): void;
  /** `guardianId` now does (or no longer does) watch `wardId`. */
  set(guardianId: string, wardId: string, watching: boolean): void;
  /** `guardianId` is no longer connected. */
  forget(guardianId: string): void;
  /** The connected people who watch `wardId`. */
  watchersOf(wardId: string): ReadonlySet<string>;
};

export function createGuardianIndex(): GuardianIndex {
  const wardsOf = new Map<string, Set<string>>();
  const watchers = new Map<string, Set<string>>();
  const none: ReadonlySet<string> = new Set();

  const unlink = (guardianId: string, wardId: string): void => {
    const set = watchers.get(wardId);
    set?.delete(guardianId);
    if (set?.size === 0) watchers.delete(wardId);
  };

  const index = {
    load(guardianId: string, wardIds: readonly string[]) {
      index.forget(guardianId);
      for (const wardId of wardIds) index.set(guardianId, wardId, true);
    },
    set(guardianId: string, wardId: string, watching: boolean) {
      if (!watching) {
        wardsOf.get(guardianId)?.delete(wardId);
        unlink(guardianId, wardId);
        return;
      }
      let wards = wardsOf.get(guardianId);
      if (!wards) wardsOf.set(guardianId, (wards = new Set()));
      wards.add(wardId);
      let set = watchers.get(wardId);
      if (!set) watchers.set(wardId, (set = new Set()));
      set.add(guardianId);
    },
    forget(guardianId: string) {
      for (const wardId of wardsOf.get(guardianId) ?? []) unlink(guardianId, wardId);
      wardsOf.delete(guardianId);
    },
    watchersOf(wardId: string): ReadonlySet<string> {
      return watchers.get(wardId) ?? none;
    },
  };
  return index;
}
