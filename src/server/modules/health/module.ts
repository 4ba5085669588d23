import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#shared/constants';
import { HealthSchema, type Health } from '#shared/schemas/api-error';
import type { Mailer } from '../../adapters/mail/mailer';
import { readSmsHealth } from '../../adapters/sms/sms-provider-status';
import type { SmsProvider } from '../../adapters/sms/sms-provider';
import type { Database } from '../../db/database';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable';
import type { ServerModule } from '../server-module';

/**
 * GET /api/health: the server answers, and whether its database does. A database that does not answer (within
 * the pool's time-outs, db/open-postgres.ts) makes the answer 503 `degraded`, so a load balancer or an operator
 * sees it at once; the pools reconnect by themselves and the next check says `ok` again. `sms` is the SMS
 * provider and its last outcome as recorded by any instance (adapters/sms/sms-provider-status.ts), so an
 * operator sees "rejecting_credentials". `mail` is where e-mail goes (`dev-outbox`: nowhere), known without the
 * database. A `priority` route: it never waits behind other people's requests (http/admission.ts), so a load
 * balancer's check says whether the server answers, not how busy it is.
 */
export function createHealthModule(deps: {
  db: Database;
  smsProvider: SmsProvider['kind'];
  mailProvider: Mailer['kind'];
}): ServerModule {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public', priority: true },
        schema: { response: { 200: HealthSchema, 503: HealthSchema } },
      },
      async (request, reply) => {
        const base = { version: APP_VERSION, database: deps.db.kind, mail: { provider: deps.mailProvider } };
        try {
          await deps.db.query('SELECT 1');
          const sms = await readSmsHealth(deps.db, deps.smsProvider);
          return { ...base, status: 'ok', databaseStatus: 'ok', sms } satisfies Health;
        } catch (error) {
          // Whatever the reason, a database that cannot run SELECT 1 is unavailable to every request.
          request.log.warn({ err: error }, 'health check: database unavailable');
          return reply
            .status(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
            .send({ ...base, status: 'degraded', databaseStatus: 'unavailable' } satisfies Health);
        }
      },
    );
  };
  return { name: 'health', routes };
}
