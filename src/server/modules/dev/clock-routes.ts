import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevClockRequestSchema, DevClockResponseSchema } from '#shared/schemas/dev-clock';
import type { OffsetClock } from '../../adapters/clock';

/**
 * POST /api/dev/clock: moves the server's clock forward (DEV_CLOCK_CONTROL=true, never in production; config.ts
 * refuses it) and then runs the given job kinds once, so deadlines that are now past fire before it answers.
 * Loopback only, like the dev outboxes. Browser tests use it to see an escort expire without waiting minutes.
 */
export const devClockRoutes =
  (clock: OffsetClock, runDueJobs: () => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/dev/clock',
      {
        config: { access: 'public', loopbackOnly: true, errors: ['not_found'] },
        schema: { body: DevClockRequestSchema, response: { 200: DevClockResponseSchema } },
      },
      async (request) => {
        clock.advance(request.body.advanceMs);
        await runDueJobs();
        return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
      },
    );
  };
