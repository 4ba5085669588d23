import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WardJourneysResponseSchema } from '#shared/schemas/journey';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { callerOf } from '../../http/access';
import type { JourneyWarningsPort } from './ports';
import { listWardJourneys } from './ward-journeys';

/** GET /api/wards/journeys: the journeys of the caller's active wards (ward-journeys.ts). */
export const wardJourneyRoutes =
  (deps: {
    db: Database;
    clock: Clock;
    access: AccessPolicy;
    journeyWarnings: JourneyWarningsPort;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wards/journeys',
      { config: { access: 'signed-in' }, schema: { response: { 200: WardJourneysResponseSchema } } },
      (request) => listWardJourneys(deps, callerOf(request)),
    );
  };
