import { z } from 'zod';

/** Every error the API answers has this shape; `error` is a stable code, `message` the text to show. */
export const ApiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ERROR_CODES = [
  'validation_failed',
  'not_authenticated',
  'invalid_credentials',
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
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
});
