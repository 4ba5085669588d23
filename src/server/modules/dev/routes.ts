import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevMailListSchema } from '#shared/schemas/dev-mail';
import { DevSmsListSchema } from '#shared/schemas/dev-sms';
import type { Database } from '../../db/database';
import { callerOf } from '../../http/access';
import { listDevMail, listDevSms } from './repository';

/**
 * Both outboxes answer only clients on this machine (`loopbackOnly`, http/loopback.ts): anyone else gets 404 as
 * for a missing route. Mail is kept by address, not by account, so its list needs no sign-in: whoever sits at
 * the machine running Beacon in development reads what it "sent".
 */
const LOCAL_ONLY = { loopbackOnly: true, errors: ['not_found'] } as const;

/** GET /api/dev/mail: what the dev mail outbox "sent", newest first. */
export const devMailRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/mail',
      { config: { access: 'public', ...LOCAL_ONLY }, schema: { response: { 200: DevMailListSchema } } },
      async () => ({ messages: await listDevMail(db) }),
    );
  };

/** GET /api/dev/sms-outbox: the texts of the caller's own alerts that the dev SMS outbox "sent", newest first. */
export const devSmsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      { config: { access: 'signed-in', ...LOCAL_ONLY }, schema: { response: { 200: DevSmsListSchema } } },
      async (request) => ({ messages: await listDevSms(db, callerOf(request).userId) }),
    );
  };
