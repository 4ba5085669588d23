import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../texts';
import { emailRule, fullNameRule, timeZoneRule } from './field-rules';

const requiredEmail = z
  .string({ error: VALIDATION.requiredFields })
  .trim()
  .min(1, VALIDATION.requiredFields)
  .pipe(emailRule);
const requiredPassword = z.string({ error: VALIDATION.requiredFields }).min(1, VALIDATION.requiredFields);
/** The password the person has now, asked again before a sensitive change (a new password, deleting). */
const currentPassword = z
  .string({ error: VALIDATION.currentPasswordRequired })
  .min(1, VALIDATION.currentPasswordRequired)
  .max(LIMITS.password.max, VALIDATION.passwordTooLong);
const newPassword = requiredPassword
  .min(LIMITS.password.min, VALIDATION.passwordTooShort)
  .max(LIMITS.password.max, VALIDATION.passwordTooLong);

export const SignUpRequestSchema = z
  .object({
    email: requiredEmail,
    password: newPassword,
    data: z.object(
      {
        full_name: z
          .string({ error: VALIDATION.enterFullName })
          .trim()
          .min(1, VALIDATION.enterFullName)
          .pipe(fullNameRule),
        /** The browser's IANA time zone, so the first SOS text already uses the person's local time. */
        time_zone: timeZoneRule.optional(),
      },
      { error: VALIDATION.enterFullName },
    ),
  })
  .meta({
    example: {
      email: 'ada@example.org',
      password: 'blue-harbour-lantern-42',
      data: { full_name: 'Ada Lovelace' },
    },
  });
export type SignUpRequest = z.input<typeof SignUpRequestSchema>;

export const PasswordGrantSchema = z.object({ email: requiredEmail, password: requiredPassword });
export const RefreshGrantSchema = z.object({
  refresh_token: z
    .string({ error: VALIDATION.requiredFields })
    .min(1, VALIDATION.requiredFields)
    .max(512, VALIDATION.refreshTokenTooLong),
});
export const TokenQuerySchema = z
  .object({
    grant_type: z.enum(['password', 'refresh_token']),
  })
  .meta({ example: { grant_type: 'password' } });
/**
 * The token endpoint's body depends on `grant_type` (a query parameter), so the route only checks that it is an
 * object and the handler applies PasswordGrantSchema or RefreshGrantSchema.
 */
export const TokenRequestBodySchema = z
  .looseObject({}, { error: VALIDATION.requiredFields })
  .meta({ example: { email: 'ada@example.org', password: 'blue-harbour-lantern-42' } });

/**
 * `?redirect_to=` of sign-up and recovery (GoTrue's name; @supabase/auth-js sends `emailRedirectTo` and
 * `redirectTo` there): the page the e-mailed link leads to once used. Only an address of this site is taken: the
 * server checks it against its own public address and refuses any other.
 */
export const EmailRedirectQuerySchema = z
  .object({
    redirect_to: z
      .string()
      .trim()
      .min(1, VALIDATION.redirectNotOnSite)
      .max(LIMITS.redirectAddress.max, VALIDATION.redirectNotOnSite)
      .optional(),
  })
  .meta({ example: { redirect_to: 'https://beacon.example/welcome' } });

/**
 * A page of this site as a path ("/welcome?step=2"), as it travels in an e-mailed link: one leading slash, then
 * visible ASCII without a backslash, so no browser can read it as another host ("//evil.example",
 * "/\evil.example", a tab between two slashes).
 */
export const localPathRule = z
  .string()
  .max(LIMITS.redirectAddress.max, VALIDATION.redirectNotOnSite)
  .regex(/^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/, VALIDATION.redirectNotOnSite);

export const RecoverRequestSchema = z
  .object({ email: requiredEmail })
  .meta({ example: { email: 'ada@example.org' } });
export const VerifyRequestSchema = z
  .object({
    type: z.enum(['signup', 'recovery']),
    token: z.string().min(1).max(512),
  })
  .meta({ example: { type: 'signup', token: 'the-token-from-the-e-mail' } });
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;
/**
 * The confirmation link in the sign-up e-mail: `GET /api/auth/verify?type=signup&token=…`, with `redirect_to` when
 * the sign-up asked for a page to land on.
 */
export const VerifyLinkQuerySchema = z
  .object({
    type: z.literal('signup'),
    token: z.string().min(1).max(512),
    redirect_to: localPathRule.optional(),
  })
  .meta({ example: { type: 'signup', token: 'the-token-from-the-e-mail' } });
/**
 * `POST /api/auth/logout?scope=`: `local` ends this session (the default: what Beacon's own app asks for), `global`
 * every session of the account, `others` every session but this one (GoTrue's scopes; @supabase/auth-js always
 * names one, `global` unless told otherwise).
 */
export const LogoutQuerySchema = z
  .object({ scope: z.enum(['global', 'local', 'others']).default('local') })
  .meta({ example: { scope: 'local' } });
export type LogoutScope = z.output<typeof LogoutQuerySchema>['scope'];

/** Answers that carry nothing (`{}`), e.g. recovery, which never says whether the address has an account. */
export const EmptyResponseSchema = z.object({});
/**
 * Updating the auth user: a new password and/or metadata. A new password needs `current_password`, except from
 * the session a recovery link opened, once, within minutes (the server knows which session that is).
 * `code_challenge` and `code_challenge_method` are taken and ignored: @supabase/auth-js sends them with every
 * update (null unless it changes the e-mail in its PKCE flow), and the sign-in e-mail cannot be changed here.
 */
export const UpdateUserRequestSchema = z
  .object({
    password: newPassword,
    current_password: currentPassword,
    data: z.object({ full_name: fullNameRule }).partial(),
    code_challenge: z.string().max(256).nullable(),
    code_challenge_method: z.string().max(16).nullable(),
  })
  .partial()
  .strict()
  .meta({ example: { data: { full_name: 'Ada King' } } });

export const DeleteAccountRequestSchema = z
  .object({
    confirmation: z.literal('DELETE'),
    current_password: currentPassword,
  })
  .meta({ example: { confirmation: 'DELETE', current_password: 'the-password-you-have-now' } });
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/**
 * The login form (docs/PRODUCT.md#account-and-sign-in): only that both are there; the server judges the
 * credentials.
 */
export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, VALIDATION.requiredFields),
  password: requiredPassword,
});

/**
 * The form a recovery link opens: the new password under the sign-up rules, and the same again. A mismatch
 * belongs to the confirmation and is only said once both are filled in (an empty field says that instead).
 */
export const NewPasswordFormSchema = z
  .object({ password: newPassword, confirmation: requiredPassword })
  .refine(({ password, confirmation }) => !password || !confirmation || password === confirmation, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ['confirmation'],
  });
