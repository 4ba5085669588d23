import type { Clock } from '../clock';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { devOutboxSmsProvider } from './dev-outbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { recordSmsOutcome } from './sms-provider-status';
import { twilioSmsProvider } from './twilio-sms-provider';

/**
 * Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set; otherwise the dev outbox (never in
 * production: config.ts refuses to start without Twilio there). Twilio's outcomes are logged and recorded for
 * GET /api/health.
 */
export function createSmsProvider(
  config: Pick<Config, 'sms'>,
  db: Queryable,
  clock: Clock,
  log?: { warn(object: unknown, message: string): void },
): SmsProvider {
  const twilio = config.sms.twilio;
  return twilio
    ? twilioSmsProvider({
        ...twilio,
        timeoutMs: config.sms.timeoutMs,
        log,
        onOutcome: (report) => recordSmsOutcome(db, 'twilio', report, clock.now()),
      })
    : devOutboxSmsProvider(db, clock);
}
