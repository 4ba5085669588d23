import { z } from 'zod';

/**
 * Every error code the API answers. Clients decide by code, never by comparing message text; the message is the
 * text to show. A domain refusal (the request was well formed, but the rules say no) has its own code.
 */
export const ERROR_CODES = [
  'validation_failed',
  'not_authenticated',
  'invalid_credentials',
  'current_password_wrong',
  'pin_wrong',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'weak_password',
  'email_taken',
  'invalid_refresh_token',
  'invalid_link',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_invite_code',
  'invite_code_expired',
  'link_expired',
  'link_inactive',
  'no_emergency_contacts',
  'idempotency_key_reused',
  'too_many_contacts',
  'service_unavailable',
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Every error the API answers has this shape. `field` names the refused input for `validation_failed` (a dotted
 * path such as `location.latitude`; `body` when the body as a whole is wrong), and the message names it in words.
 */
export const ApiErrorSchema = z.object({
  error: ErrorCodeSchema,
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
/**
 * The SMS provider's last outcome, as every instance recorded it (the newest wins): `ok` (it took a text),
 * `rejecting_credentials` (401/403: the account SID or token is wrong), `refusing_messages` (another 4xx, e.g.
 * an invalid sender), `failing` (5xx, 429, time-out, unreachable), `unknown` (nothing tried yet, or the dev
 * outbox, which sends nothing). `httpStatus` and `code` are the provider's, for the operator.
 */
export const SMS_PROVIDER_OUTCOMES = [
  'ok',
  'rejecting_credentials',
  'refusing_messages',
  'failing',
  'unknown',
] as const;
export const SmsHealthSchema = z.object({
  provider: z.enum(['twilio', 'dev-outbox']),
  lastOutcome: z.enum(SMS_PROVIDER_OUTCOMES),
  at: z.iso.datetime().optional(),
  httpStatus: z.int().optional(),
  code: z.string().optional(),
});
export type SmsHealth = z.infer<typeof SmsHealthSchema>;
export type SmsProviderOutcome = SmsHealth['lastOutcome'];

/** Where e-mail goes: an SMTP server (`SMTP_URL`), or the dev outbox, which sends nothing (never in production). */
export const MailHealthSchema = z.object({ provider: z.enum(['smtp', 'dev-outbox']) });
export type MailHealth = z.infer<typeof MailHealthSchema>;

/**
 * GET /api/health. 200 with `status: 'ok'` when the database answers; 503 with `status: 'degraded'` and
 * `databaseStatus: 'unavailable'` when it does not (down, stalled or closing). `database` is its kind. `sms`
 * (the SMS provider's last outcome) is read from the database, so it is absent while the database is unavailable.
 * `mail` is where e-mail goes; the server always sends it (optional for older servers' answers).
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  databaseStatus: z.enum(['ok', 'unavailable']),
  sms: SmsHealthSchema.optional(),
  mail: MailHealthSchema.optional(),
});
export type Health = z.infer<typeof HealthSchema>;
