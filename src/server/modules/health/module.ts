import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#shared/constants';
import { HealthSchema } from '#shared/schemas/api-error';
import { readSmsHealth } from '../../adapters/sms/sms-provider-status';
import type { SmsProvider } from '../../adapters/sms/sms-provider';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';

/**
 * GET /api/health: the server answers and its database does; `sms` is the SMS provider and its last outcome as
 * recorded by any instance (adapters/sms/sms-provider-status.ts), so an operator sees "rejecting_credentials".
 */
export function createHealthModule(deps: { db: Database; smsProvider: SmsProvider['kind'] }): ServerModule {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: HealthSchema } } },
      async () => {
        await deps.db.query('SELECT 1');
        const sms = await readSmsHealth(deps.db, deps.smsProvider);
        return { status: 'ok' as const, version: APP_VERSION, database: deps.db.kind, sms };
      },
    );
  };
  return { name: 'health', routes };
}
