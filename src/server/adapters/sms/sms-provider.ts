/**
 * Sends one text message. Two implementations: a Twilio-compatible REST API (production) and a dev outbox that
 * stores texts in the database (the default, so Beacon runs with no account anywhere).
 */
export type SmsMessage = {
  /** E.164, already normalised. */
  to: string;
  body: string;
  /**
   * The same for every attempt of one delivery. A provider that honours it sends a text once however many times
   * we ask — which is what makes a resend after a crash safe.
   */
  idempotencyKey: string;
  /** The person the text is about (kept with the dev outbox copy, so it is deleted with the account). */
  userId?: string;
};

/**
 * What one attempt came to. `retry`: worth trying again later (rate limit, provider or network trouble);
 * `failed`: trying again would not help (e.g. an invalid number). Providers never throw for a failed send.
 */
export type SmsResult =
  | { outcome: 'sent'; providerMessageId: string | null }
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  | { outcome: 'failed'; error: string };

export type SmsProvider = {
  readonly kind: 'twilio' | 'dev-outbox';
  send(message: SmsMessage): Promise<SmsResult>;
};
