import type { Clock } from '../clock';
import type { Queryable } from '../../db/database';
import { DEV_OUTBOX_UNREACHABLE_ERROR, DEV_OUTBOX_UNREACHABLE_SUFFIX } from '../sms/dev-outbox-sms-provider';
import type { VoiceCaller } from './voice-caller';

/**
 * Keeps each call in `dev_outbox` (channel `voice`, the words it would speak) instead of placing it, and says so:
 * `kept_in_dev_outbox`, never `sent`, because nobody's phone rings. The dev outbox page lists calls beside texts.
 * The same delivery kept twice is one row; a number ending in the dev outbox's unreachable digits fails, as a
 * text to it does.
 */
export function devOutboxVoiceCaller(db: Queryable, clock: Clock): VoiceCaller {
  return {
    kind: 'dev-outbox',
    async send({ to, body, idempotencyKey, userId }) {
      if (to.endsWith(DEV_OUTBOX_UNREACHABLE_SUFFIX)) {
        return { outcome: 'failed', error: DEV_OUTBOX_UNREACHABLE_ERROR };
      }
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO dev_outbox (channel, recipient, body, user_id, idempotency_key, created_at)
         VALUES ('voice', $1, $2, $3, $4, $5)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING id`,
        [to, body, userId ?? null, idempotencyKey, clock.now()],
      );
      return { outcome: 'kept_in_dev_outbox', providerMessageId: rows[0]?.id ?? null };
    },
  };
}
