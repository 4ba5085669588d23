import type { Clock } from '../clock';
import type { Queryable } from '../../db/database';
import type { ChannelSender } from '../channels';
import type { SmsProvider } from './sms-provider';

/**
 * Numbers ending in these digits (e.g. +12015550000) are fictional "unreachable" numbers: the dev outbox fails
 * them permanently, so a person running Beacon locally — and the tests — can see a partial failure.
 */
export const DEV_OUTBOX_UNREACHABLE_SUFFIX = '0000';
export const DEV_OUTBOX_UNREACHABLE_ERROR = 'Number unreachable (dev outbox test number)';

/**
 * Keeps one message of `channel` in `dev_outbox` (listed at GET /api/dev/sms-outbox) instead of sending it, and
 * says so: the outcome is `kept_in_dev_outbox`, never `sent`, because nobody receives it. The same delivery kept
 * twice is one row (unique idempotency key); a number ending in the unreachable digits fails. Texts and calls alike.
 */
export function keepInDevOutbox(
  db: Queryable,
  clock: Clock,
  channel: 'sms' | 'voice',
): ChannelSender['send'] {
  return async ({ to, body, idempotencyKey, userId }) => {
    if (to.endsWith(DEV_OUTBOX_UNREACHABLE_SUFFIX)) {
      return { outcome: 'failed', error: DEV_OUTBOX_UNREACHABLE_ERROR };
    }
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO dev_outbox (channel, recipient, body, user_id, idempotency_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
       RETURNING id`,
      [channel, to, body, userId ?? null, idempotencyKey, clock.now()],
    );
    return { outcome: 'kept_in_dev_outbox', providerMessageId: rows[0]?.id ?? null };
  };
}

/** Stores each text in the dev outbox instead of sending it (`keepInDevOutbox`). */
export function devOutboxSmsProvider(db: Queryable, clock: Clock): SmsProvider {
  return { kind: 'dev-outbox', send: keepInDevOutbox(db, clock, 'sms') };
}
