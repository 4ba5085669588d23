import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevSmsListSchema } from '#shared/schemas/dev-sms';
import type { SmsProvider } from '../../adapters/sms/sms-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { requireAuth } from '../../http/authenticate';

const LIMIT = 100;

type OutboxRow = { id: string; recipient: string; body: string; user_id: string | null; created_at: Date };

/**
 * The dev SMS outbox is readable over HTTP only while it is the SMS provider (no TWILIO_*) and the server is not
 * in production: it holds every person's SOS texts, with their locations.
 */
export function exposesDevSms(config: Pick<Config, 'env'>, sms: Pick<SmsProvider, 'kind'>): boolean {
  return sms.kind === 'dev-outbox' && config.env !== 'production';
}

/**
 * GET /api/dev/sms-outbox: the texts the dev SMS outbox "sent", newest first, for everyone (it is a local tool).
 * Register only when `exposesDevSms`. Any signed-in person may read it.
 */
export const smsOutboxRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      { schema: { response: { 200: DevSmsListSchema } } },
      async (request, reply) => {
        requireAuth(request);
        reply.header('cache-control', 'no-store');
        const { rows } = await db.query<OutboxRow>(
          `SELECT id, recipient, body, user_id, created_at FROM dev_outbox WHERE channel = 'sms'
         ORDER BY created_at DESC, id DESC LIMIT $1`,
          [LIMIT],
        );
        return {
          messages: rows.map((row) => ({
            id: row.id,
            to: row.recipient,
            body: row.body,
            user_id: row.user_id,
            created_at: row.created_at.toISOString(),
          })),
        };
      },
    );
  };
