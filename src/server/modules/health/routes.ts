import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#shared/constants';
import { HealthSchema } from '#shared/schemas/api-error';
import type { Database } from '../../db/database';

export const healthRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', { schema: { response: { 200: HealthSchema } } }, async () => {
      await db.query('SELECT 1');
      return { status: 'ok' as const, version: APP_VERSION, database: db.kind };
    });
  };
