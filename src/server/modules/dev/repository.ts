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

async function listOutbox(db: Queryable, channel: 'email' | 'sms'): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, subject, body, user_id, created_at FROM dev_outbox
     WHERE channel = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [channel, DEV_OUTBOX_LIST_LIMIT],
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

/** The dev outbox's texts, newest first. */
export async function listDevSms(db: Queryable): Promise<DevSmsMessage[]> {
  return (await listOutbox(db, 'sms')).map((row) => ({
    id: row.id,
    to: row.recipient,
    body: row.body,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
  }));
}
