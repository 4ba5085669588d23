import type { Clock } from '../clock';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { devOutboxSmsProvider } from './dev-outbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { twilioSmsProvider } from './twilio-sms-provider';

/** Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set; otherwise the dev outbox. */
export function createSmsProvider(config: Pick<Config, 'sms'>, db: Queryable, clock: Clock): SmsProvider {
  const twilio = config.sms.twilio;
  return twilio
    ? twilioSmsProvider({ ...twilio, timeoutMs: config.sms.timeoutMs })
    : devOutboxSmsProvider(db, clock);
}
