import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import { periodicJob } from '../../scheduler/periodic-job';
import type { ServerModule } from '../server-module';
import { latestPositions, recentRoutePoints } from './positions';
import type { ReadingsListener, SharingPort } from './ports';
import { deleteLocationsBefore } from './repository';
import { locationRoutes } from './routes';
import { createLocationService } from './service';

/** How often stored positions past their retention are deleted. */
export const LOCATION_RETENTION_EVERY_MS = 10 * 60_000;
export const LOCATION_RETENTION_JOB = 'location-retention';

/** Live location: a person's readings, their guardians' reads, and how long positions are kept. */
export function createLocationsModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  retentionHours: number;
  profiles: SharingPort;
  /** Told of every batch of positions taken while sharing is on (the journey watch). */
  onReceived?: ReadingsListener;
  log?: { warn(object: unknown, message: string): void };
}): ServerModule {
  return {
    name: 'locations',
    routes: locationRoutes(createLocationService(deps)),
    jobs: [
      periodicJob(LOCATION_RETENTION_JOB, LOCATION_RETENTION_EVERY_MS, deps.clock, async (now) => {
        await deleteLocationsBefore(deps.db, new Date(now.getTime() - deps.retentionHours * 3_600_000));
      }),
    ],
  };
}

/**
 * What other modules may use of positions: the newest of some people, and a person's recent route. app.ts hands
 * it to each module that declares a port for part of it.
 */
export const positions = { latestPositions, recentRoutePoints };
