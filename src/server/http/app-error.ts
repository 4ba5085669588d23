import type { ErrorCode } from '#shared/schemas/api-error';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  weak_password: 400,
  invalid_link: 400,
  invalid_refresh_token: 401,
  not_authenticated: 401,
  invalid_credentials: 400,
  // 403, not 401: the caller is signed in; a 401 would sign the device out (api-client.ts).
  current_password_wrong: 403,
  pin_wrong: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  invalid_invite_code: 400,
  invite_code_expired: 400,
  link_expired: 410,
  link_inactive: 410,
  no_emergency_contacts: 400,
  idempotency_key_reused: 422,
  too_many_contacts: 400,
  service_unavailable: 503,
  internal: 500,
};

/** The HTTP status every answer with this code has (the OpenAPI document lists them per route). */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

export type AppErrorOptions = {
  /** Response headers, e.g. `Retry-After` of a 429. */
  headers?: Record<string, string>;
  /** The refused input's path (`location.latitude`), for `validation_failed`. */
  field?: string;
};

/** The one application error: a stable code, a message to show, and the HTTP status derived from the code. */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly field: string | undefined;
  /** Set by Fastify when this error refused a part of the request (`params` refusals answer 404). */
  validationContext?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}
