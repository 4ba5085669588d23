/**
 * Delivery channels: how an alert reaches someone. The alert worker sends every delivery through the sender of
 * its channel (a `channel → sender` map): `sms` (Twilio-compatible or the dev outbox), `push` (a guardian's
 * browsers, modules/push), `email` (the mailer); `voice` has no sender yet, so a voice delivery fails with a
 * clear reason rather than pretending. Senders report every outcome as a result and never throw on purpose.
 */
import type { DeliveryChannel } from '#shared/schemas/alert';

export type OutgoingMessage = {
  /** Who receives it, in the channel's terms: an E.164 number (sms, voice), an e-mail address, a user id (push). */
  to: string;
  body: string;
  /**
   * The same for every attempt of one delivery. A provider that honours it sends once however many times we
   * ask; for the others the worker's lease and fencing keep resends to a crash mid-send.
   */
  idempotencyKey: string;
  /** The person the message is about (kept with a dev outbox copy, so it is deleted with their account). */
  userId?: string;
};

/**
 * What one attempt came to. `retry`: worth trying again later (rate limit, provider or network trouble);
 * `failed`: trying again would not help (an invalid number, nobody subscribed).
 */
export type SendResult =
  | { outcome: 'sent'; providerMessageId: string | null }
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  | { outcome: 'failed'; error: string };

export type ChannelSender = {
  send(message: OutgoingMessage): Promise<SendResult>;
};

export type ChannelSenders = Partial<Record<DeliveryChannel, ChannelSender>>;
