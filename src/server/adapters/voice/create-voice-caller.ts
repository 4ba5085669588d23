import type { Clock } from '../clock';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { devOutboxVoiceCaller } from './dev-outbox-voice-caller';
import { twilioVoiceCaller } from './twilio-voice-caller';
import type { VoiceCaller } from './voice-caller';

/**
 * Twilio when the SMS provider is Twilio (TWILIO_*), calling from TWILIO_VOICE_FROM or else TWILIO_FROM; the dev
 * outbox when there is no provider (never in production: config.ts refuses to start without Twilio there).
 * Undefined when Twilio is configured without a number to call from (TWILIO_FROM a Messaging Service and no
 * TWILIO_VOICE_FROM, refused in production): a voice delivery then fails, saying no sender is configured.
 */
export function createVoiceCaller(
  config: Pick<Config, 'sms'>,
  origin: string,
  db: Queryable,
  clock: Clock,
  log?: { warn(object: unknown, message: string): void },
): VoiceCaller | undefined {
  const twilio = config.sms.twilio;
  if (!twilio) return devOutboxVoiceCaller(db, clock);
  if (!twilio.voiceFrom) return undefined;
  return twilioVoiceCaller({
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: twilio.voiceFrom,
    baseUrl: twilio.baseUrl,
    timeoutMs: config.sms.timeoutMs,
    origin,
    log,
  });
}
