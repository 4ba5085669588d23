import { z } from 'zod';
import { ApiErrorSchema, type ErrorCode } from '#shared/schemas/api-error';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { afterFirstPaint } from './first-paint';
import { clearSession, getSession } from './session-store';

/** Failures the client itself names: no answer at all, or an answer that is not what the API promises. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/**
 * An API failure: `code` is the server's error code (one of the shared enum) or the client's own, `message` the
 * text to show verbatim. Decide by `code`, never by comparing the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** The refused input of a `validation_failed` (e.g. `pin`: the safety PIN is asked). */
  readonly field: string | undefined;

  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Network failures have no HTTP status; they are reported with status 0 so callers can tell them apart. */
export const NETWORK_ERROR_CODE: ClientErrorCode = 'network_error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /** Bytes sent as they are (`application/octet-stream`) instead of a JSON `body`: a recording's piece. */
  rawBody?: ArrayBuffer;
  /** Validates the answer; the call resolves with the parsed value. */
  schema: z.ZodType<T>;
  /** Attach the signed-in person's bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` for alerts. */
  headers?: Record<string, string>;
  /**
   * Whether a 401 signs the person out (default true). An SOS sets false: it refreshes and retries itself, and
   * must not lose the session (and with it the refresh token) before its alert is safe.
   */
  signOutOn401?: boolean;
};

/** For 204 answers and answers whose body the caller does not need. */
export const noContent = z.unknown().transform((): void => undefined);

let sessionCheck: Promise<void> = Promise.resolve();

/**
 * A stored session about to expire is renewed on start-up (AuthProvider) while the screens already show from it.
 * Until that ends, every request that would sign the person out on a 401 waits for it: sent with the old token it
 * would be refused, and end the session being renewed. An alert (`signOutOn401: false`) never waits: it sends at
 * once with the token the phone holds and renews the session itself when refused.
 */
export function holdRequestsUntil(check: Promise<unknown>): void {
  sessionCheck = check.then(
    () => undefined,
    () => undefined,
  );
}

/** Forgets a renewal still held. For the client tests, which share this module between files. */
export function resetRequestHold(): void {
  sessionCheck = Promise.resolve();
}

/**
 * The one fetch wrapper. Adds the bearer token, turns `{error, message}` answers into `ApiError`, and signs the
 * person out cleanly when the server rejects their token (401), so every screen falls back to the login card.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  // Reads wait for the first screen to paint (lib/first-paint.ts); what the person sends (an alert) never waits.
  if (method === 'GET') await afterFirstPaint();
  if (options.auth !== false && options.signOutOn401 !== false) await sessionCheck;
  const token = options.auth === false ? undefined : getSession()?.access_token;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const raw = options.rawBody;
  if (raw) headers['content-type'] = 'application/octet-stream';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, COMMON_TEXTS.networkError);
  }

  if (!response.ok) {
    if (response.status === 401 && token && options.signOutOn401 !== false) signOutIfStillCurrent(token);
    throw await toApiError(response);
  }
  const body = response.status === 204 ? undefined : await readJsonBody(response);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(response.status, 'invalid_response', COMMON_TEXTS.unexpectedResponse);
  return parsed.data;
}

/** A request made with an old token must not sign out a session that was refreshed in the meantime. */
function signOutIfStillCurrent(token: string): void {
  if (getSession()?.access_token === token) clearSession();
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ApiErrorSchema.safeParse(await readJsonBody(response));
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error, parsed.data.message, parsed.data.field);
  }
  return new ApiError(response.status, 'internal', COMMON_TEXTS.unexpectedResponse);
}

/** The server rejected the request itself (4xx other than rate limiting), so retrying cannot help. */
export function isClientError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** The message to show for any failure: the server's text when there is one, otherwise `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
