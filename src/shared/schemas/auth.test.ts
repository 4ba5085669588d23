/** Auth request schemas (docs/PRODUCT.md#account-and-sign-in) with their exact messages. */
import { describe, expect, it } from 'vitest';
import {
  DeleteAccountRequestSchema,
  LoginFormSchema,
  NewPasswordFormSchema,
  PasswordGrantSchema,
  RecoverRequestSchema,
  RefreshGrantSchema,
  SignUpRequestSchema,
  TokenQuerySchema,
  TokenRequestBodySchema,
  UpdateUserRequestSchema,
  VerifyLinkQuerySchema,
  VerifyRequestSchema,
  localPathRule,
} from './auth';
import { AuthSessionSchema } from './auth-session';
import { firstMessage } from './test-helpers';

const REQUIRED = 'Please fill in all required fields';
const valid = { email: 'ada@example.com', password: 'long-enough-pw', data: { full_name: 'Ada Lovelace' } };

describe('login form: email and password required', () => {
  it.each([
    [{ email: '', password: 'x' }],
    [{ email: '   ', password: 'x' }],
    [{ email: 'a@b.co', password: '' }],
  ])('%j → Please fill in all required fields', (form) => {
    expect(firstMessage(LoginFormSchema, form)).toBe(REQUIRED);
  });
  it('accepts any non-empty pair (the server judges the credentials)', () => {
    expect(firstMessage(LoginFormSchema, { email: 'x', password: 'y' })).toBeUndefined();
  });
});

describe('new-password form (recovery link)', () => {
  /** Each field's first message, as a form shows them. */
  const messages = (form: { password: string; confirmation: string }) => {
    const result = NewPasswordFormSchema.safeParse(form);
    if (result.success) return {};
    const byField: Record<string, string> = {};
    for (const issue of result.error.issues) byField[String(issue.path[0])] ??= issue.message;
    return byField;
  };

  it('wants both, the new one under the sign-up rules', () => {
    expect(messages({ password: '', confirmation: '' })).toEqual({
      password: REQUIRED,
      confirmation: REQUIRED,
    });
    expect(messages({ password: 'short', confirmation: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
    expect(messages({ password: 'x'.repeat(257), confirmation: 'x'.repeat(257) })).toEqual({
      password: 'Password must be at most 256 characters long',
    });
  });

  it('says a mismatch at the confirmation, once both are filled in', () => {
    expect(messages({ password: 'long-enough-pw', confirmation: 'long-enough-pv' })).toEqual({
      confirmation: 'Passwords do not match',
    });
    expect(messages({ password: 'long-enough-pw', confirmation: '' })).toEqual({ confirmation: REQUIRED });
    expect(messages({ password: 'long-enough-pw', confirmation: 'long-enough-pw' })).toEqual({});
  });
});

describe('password sign-in body', () => {
  it.each([
    [{}],
    [{ email: 'a@b.co' }],
    [{ password: 'x' }],
    [{ email: '', password: 'x' }],
    [{ email: 'a@b.co', password: '' }],
  ])('%j → Please fill in all required fields', (body) =>
    expect(firstMessage(PasswordGrantSchema, body)).toBe(REQUIRED),
  );
  it('normalises the e-mail', () => {
    expect(PasswordGrantSchema.parse({ email: ' Ada@Example.COM ', password: 'x' }).email).toBe(
      'ada@example.com',
    );
  });
  it('a malformed e-mail → Invalid email address', () => {
    expect(firstMessage(PasswordGrantSchema, { email: 'ada', password: 'x' })).toBe('Invalid email address');
  });
});

describe('sign-up body', () => {
  it('accepts a valid body and normalises it', () => {
    expect(
      SignUpRequestSchema.parse({ ...valid, email: ' Ada@Example.com ', data: { full_name: ' Ada ' } }),
    ).toEqual({
      ...valid,
      email: 'ada@example.com',
      data: { full_name: 'Ada' },
    });
  });
  it.each([
    [{ ...valid, email: '' }, REQUIRED],
    [{ ...valid, email: undefined }, REQUIRED],
    [{ ...valid, password: '' }, REQUIRED],
    [{ ...valid, password: undefined }, REQUIRED],
    [{ ...valid, password: 'seven77' }, 'Password must be at least 8 characters long'],
    [{ ...valid, data: { full_name: '' } }, 'Please enter your full name'],
    [{ ...valid, data: { full_name: '   ' } }, 'Please enter your full name'],
    [{ ...valid, data: {} }, 'Please enter your full name'],
    [{ ...valid, data: undefined }, 'Please enter your full name'],
    [{ ...valid, data: { full_name: 'A' } }, 'Full name is required'],
    [{ ...valid, data: { full_name: 'Ada <b>' } }, 'Full name contains invalid characters'],
    [{ ...valid, email: 'nope' }, 'Invalid email address'],
  ])('%j → %s', (body, message) => expect(firstMessage(SignUpRequestSchema, body)).toBe(message));
  it('8 characters are enough; more than 256 are refused', () => {
    expect(firstMessage(SignUpRequestSchema, { ...valid, password: 'eight888' })).toBeUndefined();
    expect(firstMessage(SignUpRequestSchema, { ...valid, password: 'p'.repeat(257) })).toBe(
      'Password must be at most 256 characters long',
    );
  });
});

describe('token endpoint', () => {
  it('knows the password and refresh_token grants only', () => {
    expect(TokenQuerySchema.safeParse({ grant_type: 'password' }).success).toBe(true);
    expect(TokenQuerySchema.safeParse({ grant_type: 'refresh_token' }).success).toBe(true);
    expect(firstMessage(TokenQuerySchema, { grant_type: 'pkce' })).toBe(
      'Grant type must be one of "password", "refresh_token"',
    );
    expect(firstMessage(TokenQuerySchema, {})).toBe('Grant type is required');
  });
  it('the body must be an object', () => {
    expect(TokenRequestBodySchema.safeParse({ anything: 1 }).success).toBe(true);
    for (const body of [null, [], 'x', 1]) expect(firstMessage(TokenRequestBodySchema, body)).toBe(REQUIRED);
  });
  it('refresh needs a token', () => {
    expect(firstMessage(RefreshGrantSchema, {})).toBe(REQUIRED);
    expect(firstMessage(RefreshGrantSchema, { refresh_token: '' })).toBe(REQUIRED);
    expect(firstMessage(RefreshGrantSchema, { refresh_token: 'x'.repeat(513) })).toBe(
      'Refresh token must be at most 512 characters',
    );
  });
});

describe('recovery and verification', () => {
  it('recover needs an e-mail', () => {
    expect(firstMessage(RecoverRequestSchema, {})).toBe(REQUIRED);
    expect(firstMessage(RecoverRequestSchema, { email: 'x' })).toBe('Invalid email address');
  });
  it('verify takes a signup or recovery token', () => {
    expect(VerifyRequestSchema.safeParse({ type: 'recovery', token: 'abc' }).success).toBe(true);
    expect(firstMessage(VerifyRequestSchema, { type: 'magiclink', token: 'abc' })).toBe(
      'Type must be one of "signup", "recovery"',
    );
    expect(firstMessage(VerifyRequestSchema, { type: 'signup', token: '' })).toBe('Token must not be empty');
  });
  it('the e-mailed confirmation link is for sign-up only', () => {
    expect(VerifyLinkQuerySchema.safeParse({ type: 'signup', token: 'abc' }).success).toBe(true);
    expect(VerifyLinkQuerySchema.safeParse({ type: 'recovery', token: 'abc' }).success).toBe(false);
  });
  it.each(['/', '/welcome?step=2#top', '/a/b%2F%2Fc'])(
    'a link may lead to the page %s of this site',
    (path) => {
      expect(localPathRule.safeParse(path).success).toBe(true);
    },
  );
  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/\t/evil.example',
    '/ /evil.example',
    'welcome',
    '',
  ])('never to %j, which a browser could read as another site', (path) => {
    expect(firstMessage(localPathRule, path)).toBe('Redirect address must be a page of this site');
  });
});

describe('updating the user', () => {
  it('takes a new password and/or a full name, nothing else', () => {
    expect(UpdateUserRequestSchema.safeParse({}).success).toBe(true);
    expect(
      UpdateUserRequestSchema.safeParse({ password: 'long-enough-pw', data: { full_name: 'Ada' } }).success,
    ).toBe(true);
    expect(firstMessage(UpdateUserRequestSchema, { password: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(UpdateUserRequestSchema.safeParse({ email: 'new@example.com' }).success).toBe(false);
  });
  it('takes the PKCE fields a GoTrue client sends with every update', () => {
    const fromAuthJs = { data: { full_name: 'Ada' }, code_challenge: null, code_challenge_method: null };
    expect(UpdateUserRequestSchema.safeParse(fromAuthJs).success).toBe(true);
    expect(
      UpdateUserRequestSchema.safeParse({ code_challenge: 'x'.repeat(43), code_challenge_method: 's256' })
        .success,
    ).toBe(true);
  });
  it('deleting the account needs the word DELETE and the current password', () => {
    const currentPassword = 'the-password-i-have';
    expect(
      DeleteAccountRequestSchema.safeParse({ confirmation: 'DELETE', current_password: currentPassword })
        .success,
    ).toBe(true);
    expect(DeleteAccountRequestSchema.safeParse({ confirmation: 'DELETE' }).success).toBe(false);
    expect(
      firstMessage(DeleteAccountRequestSchema, { confirmation: 'delete', current_password: currentPassword }),
    ).toBe('Confirmation must be "DELETE"');
  });
});

describe('session object', () => {
  it('has access_token, refresh_token, expires_in, expires_at, token_type bearer and user', () => {
    const session = {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 3600,
      expires_at: 1_800_000_000,
      token_type: 'bearer',
      user: {
        id: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455',
        email: 'a@b.co',
        email_confirmed_at: null,
        user_metadata: { full_name: 'Ada' },
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    };
    const gotrueFields = {
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
    };
    const current = { ...session, user: { ...session.user, ...gotrueFields } };
    expect(AuthSessionSchema.parse(current)).toEqual(current);
    expect(AuthSessionSchema.safeParse({ ...current, token_type: 'mac' }).success).toBe(false);
    // A session stored on the phone before the GoTrue fields existed still reads, with their one value.
    expect(AuthSessionSchema.parse(session)).toEqual(current);
  });
});
