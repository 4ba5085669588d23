import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/*
 * The session and its user, apart from the auth requests: the phone reads a stored session before anything else,
 * so this is all of auth the first download carries (the forms and requests load with their screens).
 */

/**
 * The auth user. `aud`, `role` and `app_metadata` are GoTrue's fixed fields (every Beacon account is an e-mail
 * and password account), so clients written for GoTrue read what they expect. The server always sends them; a
 * session the phone stored before they existed reads with their one possible value, so it stays signed in.
 */
export const AuthUserSchema = z.object({
  id: IdSchema,
  aud: z.literal('authenticated').default('authenticated'),
  role: z.literal('authenticated').default('authenticated'),
  app_metadata: z
    .object({ provider: z.literal('email'), providers: z.array(z.literal('email')) })
    .default({ provider: 'email', providers: ['email'] }),
  email: z.string(),
  email_confirmed_at: TimestampSchema.nullable(),
  user_metadata: z.object({ full_name: z.string().optional(), phone: z.string().nullable().optional() }),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** The session the auth endpoints answer (docs/PRODUCT.md#auth-endpoints). */
export const AuthSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.int(),
  expires_at: z.int(),
  token_type: z.literal('bearer'),
  user: AuthUserSchema,
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;
