import type { DevMailMessage } from '#shared/schemas/dev-mail';
import type { Queryable } from '../../db/database';

/** How many e-mails the dev outbox lists: enough to find the latest link, bounded so the answer stays small. */
export const DEV_MAIL_LIST_LIMIT = 100;

type OutboxRow = { id: string; recipient: string; subject: string | null; body: string; created_at: Date };

/** The dev outbox's e-mails, newest first. */
export async function listDevMail(db: Queryable): Promise<DevMailMessage[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, recipient, subject, body, created_at FROM dev_outbox
     WHERE channel = 'email' ORDER BY created_at DESC, id DESC LIMIT $1`,
    [DEV_MAIL_LIST_LIMIT],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    created_at: row.created_at.toISOString(),
  }));
}
