import type { Clock } from '../../adapters/clock';
import type { PlacesProvider } from '../../adapters/overpass/places-provider';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { nearbyPlacesRoutes } from './routes';
import { createNearbyPlacesService } from './service';

/** Nearby places for the Safety Map: OpenStreetMap through Overpass, cached per grid cell, samples as fallback. */
export function createNearbyPlacesModule(deps: {
  db: Database;
  clock: Clock;
  provider: PlacesProvider;
  log: { warn(object: unknown, message: string): void };
}): ServerModule {
  return { name: 'nearby-places', routes: nearbyPlacesRoutes(createNearbyPlacesService(deps)) };
}
