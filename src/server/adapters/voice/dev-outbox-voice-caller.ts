import type { Clock } from '../clock';
import type { Queryable } from '../../db/database';
import { keepInDevOutbox } from '../sms/dev-outbox-sms-provider';
import type { VoiceCaller } from './voice-caller';

/**
 * Keeps each call in `dev_outbox` (channel `voice`, the words it would speak) instead of placing it, and says so:
 * `kept_in_dev_outbox`, never `sent`, because nobody's phone rings. The dev outbox page lists calls beside texts.
 * The same delivery kept twice is one row; a number ending in the dev outbox's unreachable digits fails, as a
 * text to it does.
 */
export function devOutboxVoiceCaller(db: Queryable, clock: Clock): VoiceCaller {
  return { kind: 'dev-outbox', send: keepInDevOutbox(db, clock, 'voice') };
}
