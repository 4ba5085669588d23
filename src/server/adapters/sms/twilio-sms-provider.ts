import type { SmsProviderOutcome } from '#shared/schemas/api-error';
import type { EarlierSend, SendResult } from '../channels';
import { hasReference, withReference } from './sms-reference';
import type { SmsProvider } from './sms-provider';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A sender number (E.164) or a Messaging Service SID (`MG…`). */
  from: string;
  /** `https://api.twilio.com`, or a compatible API (tests run a local fake). */
  baseUrl: string;
  timeoutMs: number;
  /** Where provider failures are logged: HTTP status and Twilio's error code, never a number or a text. */
  log?: { warn(object: unknown, message: string): void };
  /** Told of every answer (or its absence), for GET /api/health. */
  onOutcome?: (report: ProviderReport) => void | Promise<void>;
};

/** How the provider answered one request, without personal data. */
export type ProviderReport = { outcome: SmsProviderOutcome; httpStatus?: number; code?: string };

/** The longest we honour a provider's Retry-After; past it our own backoff applies. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 200;
/** Twilio's clock and ours may differ: look this much further back than the first attempt began. */
export const LOOKUP_CLOCK_MARGIN_MS = 15 * 60_000;
/** The newest messages to the number that are read: far more than one alert sends to one number. */
const LOOKUP_PAGE_SIZE = 100;

/**
 * Sends through Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`). Every text ends with a
 * reference derived from the delivery id (sms-reference.ts): Twilio has no idempotency key, so before sending a
 * delivery again `findEarlierSend` reads the newest messages to that number (`GET …/Messages.json?To=`) and looks
 * for the reference. Classifies every answer: 2xx sent; 429, 5xx, time-outs and network errors retry; 401/403
 * retry too (a credentials problem the operator can fix while the pipeline keeps trying, rather than dropping an
 * SOS); any other 4xx is a permanent failure (e.g. an invalid number).
 */
export function twilioSmsProvider(options: TwilioOptions): SmsProvider {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  /** One request; undefined answer = no answer in time, or the provider could not be reached. */
  const request = async (
    init: RequestInit,
    target = url,
  ): Promise<{ status: number; text: string; retryAfter: string | null } | { error: string }> => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(target, {
        ...init,
        headers: { authorization, accept: 'application/json', ...init.headers },
        signal,
      });
      return {
        status: response.status,
        text: await response.text(),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch {
      const error = signal.aborted ? ERRORS.timeout : ERRORS.unreachable;
      await report({ outcome: 'failing' }, error);
      return { error };
    }
  };

  /** Tells health, and logs anything but success as a warning with the provider's code (no personal data). */
  const report = async (providerReport: ProviderReport, reason?: string): Promise<void> => {
    if (providerReport.outcome !== 'ok') {
      options.log?.warn({ provider: 'twilio', ...providerReport, reason }, 'SMS provider failure');
    }
    try {
      await options.onOutcome?.(providerReport);
    } catch (error) {
      options.log?.warn({ err: error }, 'could not record the SMS provider outcome');
    }
  };

  return {
    kind: 'twilio',

    async send({ to, body, idempotencyKey }): Promise<SendResult> {
      const answer = await request({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          To: to,
          [sender]: options.from,
          Body: withReference(body, idempotencyKey),
        }),
      });
      if ('error' in answer) return { outcome: 'retry', error: answer.error };
      const result = classify(answer.status, answer.text, answer.retryAfter);
      await report(reportOf(answer.status, answer.text));
      return result;
    },

    async findEarlierSend({ to, idempotencyKey }, since): Promise<EarlierSend> {
      const query = new URLSearchParams({ To: to, PageSize: String(LOOKUP_PAGE_SIZE) });
      const answer = await request({ method: 'GET' }, `${url}?${query}`);
      if ('error' in answer) return { outcome: 'unknown', error: answer.error };
      await report(reportOf(answer.status, answer.text));
      if (answer.status < 200 || answer.status >= 300) {
        return {
          outcome: 'unknown',
          error: `The SMS provider's message list failed (${describeError(answer.status, parseJson(answer.text))})`,
        };
      }
      const earliest = since.getTime() - LOOKUP_CLOCK_MARGIN_MS;
      const match = messagesOf(parseJson(answer.text)).find(
        (message) => message.createdAt >= earliest && hasReference(message.body, idempotencyKey),
      );
      return match ? { outcome: 'found', providerMessageId: match.sid } : { outcome: 'not_found' };
    },
  };
}

const ERRORS = {
  timeout: 'The SMS provider did not answer in time',
  unreachable: 'Could not reach the SMS provider',
} as const;

/** How a send's errors read; `detail` is the provider's code and message. */
export type AnswerWords = {
  busy(detail: string): string;
  problem(detail: string): string;
  refused(detail: string): string;
};

const SMS_WORDS: AnswerWords = {
  busy: (detail) => `The SMS provider is busy (${detail})`,
  problem: (detail) => `The SMS provider had a problem (${detail})`,
  refused: (detail) => `The SMS provider refused the message (${detail})`,
};

export function classify(
  status: number,
  text: string,
  retryAfter: string | null,
  words: AnswerWords = SMS_WORDS,
): SendResult {
  const payload = parseJson(text);
  if (status >= 200 && status < 300) {
    return { outcome: 'sent', providerMessageId: typeof payload.sid === 'string' ? payload.sid : null };
  }
  const detail = describeError(status, payload);
  if (status === 429) {
    return { outcome: 'retry', error: words.busy(detail), ...retryAfterMs(retryAfter) };
  }
  if (status >= 500 || status === 401 || status === 403 || status === 408) {
    return { outcome: 'retry', error: words.problem(detail) };
  }
  return { outcome: 'failed', error: words.refused(detail) };
}

/** What an answer says about the provider (not about one message): for the log and GET /api/health. */
export function reportOf(status: number, text: string): ProviderReport {
  if (status >= 200 && status < 300) return { outcome: 'ok', httpStatus: status };
  const payload = parseJson(text);
  const code =
    typeof payload.code === 'number' || typeof payload.code === 'string' ? String(payload.code) : undefined;
  const outcome: SmsProviderOutcome =
    status === 401 || status === 403
      ? 'rejecting_credentials'
      : status >= 500 || status === 429 || status === 408
        ? 'failing'
        : 'refusing_messages';
  return { outcome, httpStatus: status, ...(code ? { code } : {}) };
}

/** The messages of a Messages list page: sid, body and when Twilio created it (RFC 2822 `date_created`). */
function messagesOf(
  payload: Record<string, unknown>,
): Array<{ sid: string | null; body: string; createdAt: number }> {
  const messages = Array.isArray(payload.messages) ? (payload.messages as unknown[]) : [];
  return messages.flatMap((value) => {
    if (value === null || typeof value !== 'object') return [];
    const message = value as Record<string, unknown>;
    const createdAt = typeof message.date_created === 'string' ? Date.parse(message.date_created) : NaN;
    if (typeof message.body !== 'string' || !Number.isFinite(createdAt)) return [];
    return [{ sid: typeof message.sid === 'string' ? message.sid : null, body: message.body, createdAt }];
  });
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
