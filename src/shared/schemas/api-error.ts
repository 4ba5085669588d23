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
 * GET /api/health. 200 with `status: 'ok'` when the database answers; 503 with `status: 'degraded'` and
 * `databaseStatus: 'unavailable'` when it does not (down, stalled or closing). `database` is its kind.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  databaseStatus: z.enum(['ok', 'unavailable']),
});
export type Health = z.infer<typeof HealthSchema>;
