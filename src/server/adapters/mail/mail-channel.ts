import type { ChannelSender } from '../channels';
import type { Mailer } from './mailer';

/**
 * The `email` delivery channel over the mailer: the first line of the body is the subject. A mailer that
 * throws (SMTP unreachable, say) is worth another try later.
 */
export function mailChannel(mailer: Mailer): ChannelSender {
  return {
    async send({ to, body, userId }) {
      const [subject = '', ...rest] = body.split('\n');
      try {
        await mailer.send({ to, subject, text: rest.join('\n').trim() || body, userId });
        return { outcome: 'sent', providerMessageId: null };
      } catch {
        return { outcome: 'retry', error: 'The mail server could not be reached' };
      }
    },
  };
}
