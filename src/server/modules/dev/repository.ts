import type { DevMailMessage } from '#shared/schemas/dev-mail';
import type { DevSmsMessage } from '#shared/schemas/dev-sms';
import type { Queryable } from '../../db/database';

/** How many messages a dev outbox lists: enough to find the latest, bounded so the answer stays small. */
export const DEV_OUTBOX_LIST_LIMIT = 100;

type OutboxRow = {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  user_id: string | null;
  created_at: Date;
};

/** `userId`: only the rows kept for that person; undefined: every row of the channel. */
async function listOutbox(db: Queryable, channel: 'email' | 'sms', userId?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, subject, body, user_id, created_at FROM dev_outbox
     WHERE channel = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [channel, userId ?? null, DEV_OUTBOX_LIST_LIMIT],
  );
  return rows;
}

/** The dev outbox's e-mails, newest first. */
export async function listDevMail(db: Queryable): Promise<DevMailMessage[]> {
  return (await listOutbox(db, 'email')).map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * The dev outbox's texts of one person's alerts, newest first. The alert pipeline keeps each text with the id of
 * the person who raised the alert (`user_id`, from the delivery's alert), so nobody reads another person's SOS
 * texts and their live-tracking links.
 */
export async function listDevSms(db: Queryable, userId: string): Promise<DevSmsMessage[]> {
  return (await listOutbox(db, 'sms', userId)).map((row) => ({
    id: row.id,
    to: row.recipient,
    body: row.body,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
  }));
}
