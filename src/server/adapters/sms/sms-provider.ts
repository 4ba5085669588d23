import type { ChannelSender } from '../channels';

/**
 * Sends one text message: the `sms` channel. Two implementations: a Twilio-compatible REST API (production) and
 * a dev outbox that stores texts in the database (the default, so Beacon runs with no account anywhere).
 */
export type SmsProvider = ChannelSender & {
  readonly kind: 'twilio' | 'dev-outbox';
};
