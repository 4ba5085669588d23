import type { DevMailMessage } from '#shared/schemas/dev-mail';
import type { DevSmsMessage } from '#shared/schemas/dev-sms';
import type { Queryable } from '../../db/database';

/** How many messages a dev outbox lists: enough to find the latest, bounded so the answer stays small. */
export const DEV_OUTBOX_LIST_LIMIT = 100;

type OutboxRow = {
  id: string;
  channel: 'email' | 'sms' | 'voice';
  recipient: string;
  subject: string | null;
  body: string;
  user_id: string | null;
  created_at: Date;
};

/** `userId`: only the rows kept for that person; undefined: every row of the channels. */
async function listOutbox(
  db: Queryable,
  channels: ReadonlyArray<OutboxRow['channel']>,
  userId?: string,
): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT id, channel, recipient, subject, body, user_id, created_at FROM dev_outbox
     WHERE channel = ANY($1::text[]) AND ($2::uuid IS NULL OR user_id = $2::uuid)
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [[...channels], userId ?? null, DEV_OUTBOX_LIST_LIMIT],
  );
  return rows;
}

/** What the dev SMS outbox lists: texts, and the escalation calls kept beside them. */
const PHONE_CHANNELS = ['sms', 'voice'] as const;
const phoneChannel = (channel: string): DevSmsMessage['channel'] => (channel === 'voice' ? 'voice' : 'sms');

/** The dev outbox's e-mails, newest first. */
export async function listDevMail(db: Queryable): Promise<DevMailMessage[]> {
  return (await listOutbox(db, ['email'])).map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * The texts and calls of one person's alerts, newest first: those the dev outbox kept, and those that failed
 * (never reached the outbox: an unreachable test number, a cap held them back), with their reason, so a failure
 * is visible too.
 * The alert pipeline keeps each text with the id of the person who raised the alert (`user_id`, from the
 * delivery's alert), so nobody reads another person's SOS texts and their live-tracking links.
 */
export async function listDevSms(db: Queryable, userId: string): Promise<DevSmsMessage[]> {
  const kept = (await listOutbox(db, PHONE_CHANNELS, userId)).map((row): DevSmsMessage => ({
    id: row.id,
    channel: phoneChannel(row.channel),
    to: row.recipient,
    body: row.body,
    user_id: row.user_id,
    status: 'kept',
    error: null,
    created_at: row.created_at.toISOString(),
  }));
  const failed = (await listFailedTexts(db, userId)).map((row): DevSmsMessage => ({
    id: row.id,
    channel: phoneChannel(row.channel),
    to: row.recipient,
    body: row.body,
    user_id: row.user_id,
    status: 'failed',
    error: row.last_error,
    created_at: row.created_at.toISOString(),
  }));
  return [...kept, ...failed]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, DEV_OUTBOX_LIST_LIMIT);
}

type FailedTextRow = {
  id: string;
  channel: string;
  recipient: string;
  body: string;
  user_id: string;
  last_error: string | null;
  created_at: Date;
};

/** The person's alert texts and calls that ended failed, dated when they were given up on. */
async function listFailedTexts(db: Queryable, userId: string): Promise<FailedTextRow[]> {
  const { rows } = await db.query<FailedTextRow>(
    `SELECT d.id, d.channel, d.recipient, d.body, a.user_id, d.last_error, d.updated_at AS created_at
     FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
     WHERE a.user_id = $1 AND d.channel IN ('sms', 'voice') AND d.status = 'failed'
     ORDER BY d.updated_at DESC, d.id DESC LIMIT $2`,
    [userId, DEV_OUTBOX_LIST_LIMIT],
  );
  return rows;
}
