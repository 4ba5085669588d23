import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevMailListSchema } from '#shared/schemas/dev-mail';
import { DevSmsListSchema } from '#shared/schemas/dev-sms';
import type { Database } from '../../db/database';
import { listDevMail, listDevSms } from './repository';

/** GET /api/dev/mail: what the dev mail outbox "sent", newest first. */
export const devMailRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/mail',
      { config: { access: 'public' }, schema: { response: { 200: DevMailListSchema } } },
      async () => ({ messages: await listDevMail(db) }),
    );
  };

/** GET /api/dev/sms-outbox: the texts the dev SMS outbox "sent", newest first, for any signed-in person. */
export const devSmsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      { config: { access: 'signed-in' }, schema: { response: { 200: DevSmsListSchema } } },
      async () => ({ messages: await listDevSms(db) }),
    );
  };
