import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#shared/constants';
import { HealthSchema } from '#shared/schemas/api-error';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';

/** GET /api/health: the server answers and its database does. */
export function createHealthModule(deps: { db: Database }): ServerModule {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: HealthSchema } } },
      async () => {
        await deps.db.query('SELECT 1');
        return { status: 'ok' as const, version: APP_VERSION, database: deps.db.kind };
      },
    );
  };
  return { name: 'health', routes };
}
