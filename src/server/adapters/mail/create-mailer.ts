import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { devOutboxMailer } from './dev-outbox-mailer';
import type { Mailer } from './mailer';
import { smtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise the dev outbox (never in production: config.ts refuses to start). */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Database): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : devOutboxMailer(db);
}
