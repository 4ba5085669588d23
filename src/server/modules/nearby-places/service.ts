import { NEARBY_PLACES } from '#shared/nearby-places-constants';
import type { NearbyPlace, NearbyPlacesResponse } from '#shared/schemas/nearby-places';
import type { Clock } from '../../adapters/clock';
import type { GeoPoint, PlacesProvider } from '../../adapters/overpass/places-provider';
import type { Queryable } from '../../db/database';
import type { AuthContext as Caller } from '../../http/access';
import { createRateLimiter } from '../../http/rate-limiter';
import { distanceMeters, gridCell } from './grid-cell';
import { createPlaceCache } from './place-cache';
import { SAMPLE_PLACES } from './sample-places';

/** Provider requests one person may cause per window; past it they get the cache or the sample set. */
export const NEARBY_PLACES_RATE = { limit: 60, windowMs: 10 * 60_000 } as const;

export type NearbyPlacesDeps = {
  db: Queryable;
  clock: Clock;
  provider: PlacesProvider;
  log: { warn(object: unknown, message: string): void };
};

export type NearbyPlacesService = {
  find(caller: Caller, position: GeoPoint): Promise<NearbyPlacesResponse>;
};

/**
 * Nearby places (docs/PRODUCT.md#safety-map-and-nearby-places). A position's grid cell is looked up in the cache;
 * on a miss the provider is asked about the cell's centre, counted against the person's rate limit. Only a good
 * answer is cached. A failing provider, or a person over the limit, gets the sample set with `fallback: true`:
 * the map never breaks and never shows invented places as if they were near.
 */
export function createNearbyPlacesService(deps: NearbyPlacesDeps): NearbyPlacesService {
  const cache = createPlaceCache(deps.clock, NEARBY_PLACES.cacheTtlMs);
  const limiter = createRateLimiter(deps.db, deps.clock, { name: 'nearby-places', ...NEARBY_PLACES_RATE });
  // One provider request per cell at a time: people (or one phone's quick updates) in one cell share it.
  const inFlight = new Map<string, Promise<NearbyPlace[] | null>>();

  async function fromProvider(key: string, center: GeoPoint): Promise<NearbyPlace[] | null> {
    try {
      const places = await deps.provider.find(center, NEARBY_PLACES.radiusMeters);
      cache.set(key, places);
      return places;
    } catch (error) {
      deps.log.warn({ err: error, provider: 'overpass' }, 'nearby places provider failed; answering samples');
      return null;
    }
  }

  function shared(key: string, center: GeoPoint): Promise<NearbyPlace[] | null> {
    const running = inFlight.get(key);
    if (running) return running;
    const request = fromProvider(key, center).finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return {
    async find(caller, position) {
      const { key, center } = gridCell(position, NEARBY_PLACES.cacheGridDecimals);
      let places = cache.get(key) ?? null;
      if (!places) {
        const decision = await limiter.consume(caller.userId);
        places = decision.allowed ? await shared(key, center) : null;
      }
      if (!places) return { places: [...SAMPLE_PLACES], fallback: true };
      return { places: nearestFirst(places, position), fallback: false };
    },
  };
}

/** The places nearest `position` first, at most NEARBY_PLACES.maxPlaces. */
function nearestFirst(places: readonly NearbyPlace[], position: GeoPoint): NearbyPlace[] {
  return places
    .map((place) => ({
      place,
      distance: distanceMeters(position, { lat: place.coordinates[0], lng: place.coordinates[1] }),
    }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY_PLACES.maxPlaces)
    .map(({ place }) => place);
}
