import type { FastifyBaseLogger } from 'fastify';
import { JOURNEY_WATCH } from '#shared/constants';
import type { AccessPolicy } from '../../access/policy';
import type { ChannelSenders } from '../../adapters/channels';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import { periodicJob } from '../../scheduler/periodic-job';
import type { ServerModule } from '../server-module';
import type { PositionsPort, ProfilesPort, PushSubscriptionsPort } from './ports';
import { warningsOfWards } from './repository';
import { journeyWatchRoutes } from './routes';
import { createJourneyWatch, type JourneyWatch } from './service';
import { WARNING_PUSH_JOB, warningPushJob } from './warning-push-job';

export const SILENCE_WATCH_JOB = 'journey-silence-watch';

/**
 * Guardians' warnings during a ward's journey (service.ts): the heartbeat route, the periodic silence watch and
 * the warning pushes. `watch.readingsReceived` is handed to the locations module (a dying battery).
 */
export function createJourneyWatchModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  channels: ChannelSenders;
  silenceMinutes: number;
  pushTimeoutMs: number;
  wakeJobs: (kind: string) => void;
  log: FastifyBaseLogger;
  profiles: ProfilesPort;
  positions: PositionsPort;
  pushSubscriptions: PushSubscriptionsPort;
}): { module: ServerModule; watch: JourneyWatch } {
  const watch = createJourneyWatch({ ...deps, wakePushes: () => deps.wakeJobs(WARNING_PUSH_JOB) });
  return {
    watch,
    module: {
      name: 'journey-watch',
      routes: journeyWatchRoutes(watch),
      jobs: [
        periodicJob(SILENCE_WATCH_JOB, JOURNEY_WATCH.watchEveryMs, deps.clock, (now) =>
          watch.warnSilentJourneys(now),
        ),
        warningPushJob({ channels: deps.channels, leaseMs: deps.pushTimeoutMs + 1000 }),
      ],
    },
  };
}

/**
 * What other modules may use of the journey watch: the warnings guardians were sent about their wards. app.ts
 * hands it to the journeys module (GET /api/wards/journeys).
 */
export const journeyWarnings = { warningsOfWards };
