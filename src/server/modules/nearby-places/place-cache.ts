import type { NearbyPlace } from '#shared/schemas/nearby-places';
import type { Clock } from '../../adapters/clock';

/** Grid cells remembered per instance; the least recently used goes first past this many. */
export const PLACE_CACHE_MAX_CELLS = 1000;

/**
 * The provider's good answers per grid cell, in this instance's memory (not shared between instances, lost on a
 * restart: at worst one more provider request per cell). Entries live `ttlMs` by the injected clock. A Map keeps
 * insertion order, so re-inserting on every read makes its first key the least recently used.
 */
export function createPlaceCache(clock: Clock, ttlMs: number, maxCells = PLACE_CACHE_MAX_CELLS) {
  const entries = new Map<string, { places: NearbyPlace[]; expiresAt: number }>();
  return {
    get(cell: string): NearbyPlace[] | undefined {
      const entry = entries.get(cell);
      if (!entry) return undefined;
      entries.delete(cell);
      if (entry.expiresAt <= clock.now().getTime()) return undefined;
      entries.set(cell, entry);
      return entry.places;
    },
    set(cell: string, places: NearbyPlace[]): void {
      entries.delete(cell);
      entries.set(cell, { places, expiresAt: clock.now().getTime() + ttlMs });
      while (entries.size > maxCells) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
export type PlaceCache = ReturnType<typeof createPlaceCache>;
