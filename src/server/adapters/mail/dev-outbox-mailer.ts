import type { Database } from '../../db/database';
import type { Mailer } from './mailer';

/** Stores e-mail in the dev outbox (listed at GET /api/dev/mail) instead of sending it. */
export function devOutboxMailer(db: Database): Mailer {
  return {
    kind: 'dev-outbox',
    async send(message) {
      await db.query(
        "INSERT INTO dev_outbox (channel, recipient, subject, body, user_id) VALUES ('email', $1, $2, $3, $4)",
        [message.to, message.subject, message.text, message.userId ?? null],
      );
    },
  };
}
