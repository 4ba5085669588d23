import type { SendResult } from '../channels';
import type { SmsProvider } from './sms-provider';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) or a Messaging Service SID (`MG…`). */
  from: string;
  /** `https://api.twilio.com`, or a compatible API (tests run a local fake). */
  baseUrl: string;
  timeoutMs: number;
};

/**
 * Sent with every request so the provider's logs tie attempts of one delivery together. Twilio's Messages API
 * does not de-duplicate on it: a resend after a crash mid-send can text twice (see README, "known limits").
 */
export const IDEMPOTENCY_HEADER = 'I-Twilio-Idempotency-Token';
/** The longest we honour a provider's Retry-After; past it our own backoff applies. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 200;

/**
 * Sends through Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`). Classifies every answer:
 * 2xx sent; 429, 5xx, time-outs and network errors retry; 401/403 retry too (a credentials problem the operator
 * can fix while the pipeline keeps trying, rather than dropping an SOS); any other 4xx is a permanent failure
 * (e.g. an invalid number).
 */
export function twilioSmsProvider(options: TwilioOptions): SmsProvider {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    kind: 'twilio',
    async send({ to, body, idempotencyKey }): Promise<SendResult> {
      const form = new URLSearchParams({ To: to, [sender]: options.from, Body: body });
      const signal = AbortSignal.timeout(options.timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            [IDEMPOTENCY_HEADER]: idempotencyKey,
          },
          body: form,
          signal,
        });
        text = await response.text();
      } catch {
        return signal.aborted
          ? { outcome: 'retry', error: 'The SMS provider did not answer in time' }
          : { outcome: 'retry', error: 'Could not reach the SMS provider' };
      }
      return classify(response.status, text, response.headers.get('retry-after'));
    },
  };
}

export function classify(status: number, text: string, retryAfter: string | null): SendResult {
  const payload = parseJson(text);
  if (status >= 200 && status < 300) {
    return { outcome: 'sent', providerMessageId: typeof payload.sid === 'string' ? payload.sid : null };
  }
  const detail = describeError(status, payload);
  if (status === 429) {
    return { outcome: 'retry', error: `The SMS provider is busy (${detail})`, ...retryAfterMs(retryAfter) };
  }
  if (status >= 500 || status === 401 || status === 403 || status === 408) {
    return { outcome: 'retry', error: `The SMS provider had a problem (${detail})` };
  }
  return { outcome: 'failed', error: `The SMS provider refused the message (${detail})` };
}

function describeError(status: number, payload: Record<string, unknown>): string {
  const message = typeof payload.message === 'string' ? payload.message : `HTTP ${status}`;
  const code = typeof payload.code === 'number' || typeof payload.code === 'string' ? payload.code : status;
  return `${code}: ${message}`.slice(0, MAX_ERROR_LENGTH);
}

function retryAfterMs(header: string | null): { retryAfterMs?: number } {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds < 0) return {};
  return { retryAfterMs: Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
