import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevMailListSchema } from '#shared/schemas/dev-mail';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { listDevMail } from './repository';

/**
 * The dev outbox is readable over HTTP only when it is the mailer (no SMTP_URL) and the server is not in
 * production: it holds sign-in links for every account, so a production server must never list it.
 */
export function exposesDevMail(config: Pick<Config, 'env'>, mailer: Pick<Mailer, 'kind'>): boolean {
  return mailer.kind === 'dev-outbox' && config.env !== 'production';
}

/** GET /api/dev/mail: what the dev outbox "sent", newest first. Register only when `exposesDevMail`. */
export const devMailRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/mail',
      { schema: { response: { 200: DevMailListSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { messages: await listDevMail(db) };
      },
    );
  };
