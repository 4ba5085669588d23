/**
 * Delivery channels: how an alert reaches someone. The alert worker sends every delivery through the sender of
 * its channel (a `channel → sender` map): `sms` (Twilio-compatible or the dev outbox), `push` (a guardian's
 * browsers, modules/push), `email` (the mailer), `voice` (an escalation call: Twilio's Calls API or the dev
 * outbox, adapters/voice/; a server with Twilio but no number to call from has none, and a voice delivery then
 * fails with a clear reason rather than pretending). Senders report every outcome as a result and never throw on
 * purpose.
 */
import type { DeliveryChannel } from '#shared/schemas/alert';
import type { RetryPolicy } from '../scheduler/retry-policy';

/**
 * How a message through a channel is retried (alert deliveries, guardians' warning pushes): 5 s, 15 s, 45 s,
 * 2 min, 5 min, then every 10 min, ±20 %; at most 10 attempts within an hour.
 */
export const DELIVERY_RETRY: RetryPolicy = {
  backoffMs: [5_000, 15_000, 45_000, 120_000, 300_000, 600_000],
  jitter: 0.2,
  maxAttempts: 10,
  giveUpAfterMs: 60 * 60_000,
};

export type OutgoingMessage = {
  /** Who receives it, in the channel's terms: an E.164 number (sms, voice), an e-mail address, a user id (push). */
  to: string;
  body: string;
  /**
   * The same for every attempt of one delivery (the delivery's id). The dev outbox stores a delivery once under
   * it; the Twilio sender derives the reference it puts in the text from it, and looks for that reference before
   * sending again (`findEarlierSend`).
   */
  idempotencyKey: string;
  /** The person the message is about (kept with a dev outbox copy, so it is deleted with their account). */
  userId?: string;
};

/**
 * What one attempt came to. `retry`: worth trying again later (rate limit, provider or network trouble);
 * `failed`: trying again would not help (an invalid number, nobody subscribed); `kept_in_dev_outbox`: stored by
 * a development server's dev outbox, so nobody received it (never reported as sent).
 */
export type SendResult =
  | { outcome: 'sent'; providerMessageId: string | null }
  | { outcome: 'kept_in_dev_outbox'; providerMessageId: string | null }
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  | { outcome: 'failed'; error: string };

/**
 * Whether an earlier attempt of a delivery reached the provider: `found` (with the provider's message id),
 * `not_found`, or `unknown` when the provider could not be asked.
 */
export type EarlierSend =
  | { outcome: 'found'; providerMessageId: string | null }
  | { outcome: 'not_found' }
  | { outcome: 'unknown'; error: string };

export type ChannelSender = {
  send(message: OutgoingMessage): Promise<SendResult>;
  /**
   * Asks the provider whether this delivery was already taken since `since` (an earlier attempt may have reached
   * it before its worker died or timed out). A sender without it relies on its own de-duplication.
   */
  findEarlierSend?(message: OutgoingMessage, since: Date): Promise<EarlierSend>;
};

export type ChannelSenders = Partial<Record<DeliveryChannel, ChannelSender>>;
