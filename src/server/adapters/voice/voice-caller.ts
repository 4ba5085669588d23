import type { ChannelSender } from '../channels';

/**
 * Places one escalation call: the `voice` channel. The message's `body` is the words to speak, `to` an E.164
 * number, `idempotencyKey` the delivery's id (the callbacks' URLs name it). Two implementations: a
 * Twilio-compatible Calls API (production) and the dev outbox, which keeps the call instead of placing it.
 */
export type VoiceCaller = ChannelSender & {
  readonly kind: 'twilio' | 'dev-outbox';
};
