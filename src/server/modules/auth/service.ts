import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AUTH, SIGN_UP_LIMITS } from '#shared/constants';
import type {
  DeleteAccountRequestSchema,
  LogoutScope,
  PasswordGrantSchema,
  SignUpRequestSchema,
  UpdateUserRequestSchema,
  VerifyRequest,
} from '#shared/schemas/auth';
import type { AuthSession, AuthUser } from '#shared/schemas/auth-session';
import { ABUSE_LIMIT_TEXTS, ERRORS, VALIDATION, WEAK_PASSWORD_TEXTS } from '#shared/texts';
import type { Clock } from '../../adapters/clock';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import { notSignedIn, type AuthContext } from '../../http/access';
import { createRateLimiter, enforceRateLimit, tooManyRequests } from '../../http/rate-limiter';
import type { AccessTokens } from './access-token';
import { ACCOUNT_EMAIL_JOB, enqueueAccountEmail } from './account-email-job';
import { toAuthUser } from './auth-user';
import { redirectPathFor } from './email-redirect';
import type { PasswordHasher } from './password';
import { passwordWeakness, type PasswordContext } from './password-strength';
import type { AccountDeletionPort, ProfileCreationPort } from './ports';
import { SIGNIN_SLOWDOWN, RECOVERY_SESSION_PASSWORD_WINDOW_MS } from './policy';
import type { RefreshSuccessor } from './refresh-successor';
import * as repo from './repository';
import { hashToken, newOpaqueToken } from './secure-token';

export type SignUpInput = z.output<typeof SignUpRequestSchema>;
export type PasswordGrant = z.output<typeof PasswordGrantSchema>;
export type UserUpdate = z.output<typeof UpdateUserRequestSchema>;
export type AccountDeletion = z.output<typeof DeleteAccountRequestSchema>;

export type AuthServiceDeps = {
  db: Database;
  clock: Clock;
  tokens: AccessTokens;
  passwords: PasswordHasher;
  /** Derives a rotated refresh token from the one it replaces, so a repeat within the grace gets the same one. */
  successorOf: RefreshSuccessor;
  limits: Config['auth'];
  /** Where e-mailed links point: a `redirect_to` must be a page under it. */
  origin: string;
  /** Asks the job runner to look for due work now (the account e-mail just written), after the commit. */
  wakeJobs(kind: string): void;
  profiles: ProfileCreationPort;
  accountDeletion: AccountDeletionPort;
};

export type AuthService = {
  /** Counts one auth request from a client address; 429 past the limit. */
  limitAddress(address: string): Promise<void>;
  /**
   * `address`: the client address (request.ip). At most `limits.maxSignUpsPerAddress` accounts per address per
   * hour: one more answers 429 with Retry-After and creates nothing. `redirectTo`: where the confirmation link
   * leads once used, a page of this site (email-redirect.ts).
   */
  signUp(input: SignUpInput, address: string, redirectTo?: string): Promise<AuthSession>;
  /** `address`: the client address as the server resolves it (request.ip), for the per-address throttle. */
  signIn(input: PasswordGrant, address: string): Promise<AuthSession>;
  refresh(refreshToken: string): Promise<AuthSession>;
  /** `local`: this session; `global`: every session of the account; `others`: all but this one. */
  logout(auth: AuthContext, scope: LogoutScope): Promise<void>;
  getUser(auth: AuthContext): Promise<AuthUser>;
  /** A new password needs `current_password`, except once in the window of a recovery link's session. */
  updateUser(auth: AuthContext, update: UserUpdate): Promise<AuthUser>;
  /** Needs `current_password`: a stolen access token alone cannot delete the account. */
  deleteUser(auth: AuthContext, request: AccountDeletion): Promise<void>;
  /**
   * Queues a recovery e-mail if the address has an account (and its recovery e-mails are under their limit);
   * the answer is the same either way. `redirectTo`: where the reset page goes once the new password is set.
   */
  requestRecovery(email: string, redirectTo?: string): Promise<void>;
  verify(request: VerifyRequest): Promise<AuthSession | Record<string, never>>;
  /** The sign-up e-mail's link: true when it confirmed the address. */
  confirmFromLink(token: string): Promise<boolean>;
};

const invalidCredentials = (): AppError => new AppError('invalid_credentials', ERRORS.invalidCredentials);
const invalidRefreshToken = (): AppError => new AppError('invalid_refresh_token', ERRORS.invalidRefreshToken);
const invalidLink = (): AppError => new AppError('invalid_link', ERRORS.invalidOrExpiredLink);
const currentPasswordRequired = (): AppError =>
  new AppError('validation_failed', VALIDATION.currentPasswordRequired, { field: 'current_password' });

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { db, clock, tokens, passwords } = deps;
  const windowMs = deps.limits.rateWindowMinutes * 60_000;
  const addressLimiter = createRateLimiter(db, clock, {
    name: 'auth-address',
    limit: deps.limits.maxRequestsPerAddress,
    windowMs,
  });
  // Sign-in failures are keyed by the e-mail as typed (normalised), whether or not it has an account, so a
  // refusal says nothing about the account. Per (account, address): one address may make only so many guesses
  // at one account, and a refusal holds back only that address. Per account (all addresses together): past the
  // same number, addresses that already failed are slowed down (SIGNIN_SLOWDOWN), never locked out.
  const pairLimiter = createRateLimiter(db, clock, {
    name: 'signin-pair',
    limit: deps.limits.maxFailedSignIns,
    windowMs,
  });
  const accountLimiter = createRateLimiter(db, clock, {
    name: 'signin-account-pace',
    limit: deps.limits.maxFailedSignIns,
    windowMs,
    slowdown: SIGNIN_SLOWDOWN,
  });
  // The same allowance caps recovery e-mails per address, so nobody can flood someone's inbox. Counted in the
  // transaction that queues the e-mail.
  const recoveryMailLimiter = (tx: Queryable) =>
    createRateLimiter(tx, clock, { name: 'recovery-mail', limit: deps.limits.maxFailedSignIns, windowMs });
  // Wrong current passwords per account: the check of a sensitive change must not be a password oracle for
  // whoever holds a stolen access token. Only that token's holder can spend this account's allowance.
  const currentPasswordLimiter = createRateLimiter(db, clock, {
    name: 'current-password',
    limit: deps.limits.maxFailedSignIns,
    windowMs,
  });
  // Accounts made from one address: counted in the sign-up's transaction, so only accounts really created count.
  const signUpLimiter = (tx: Queryable) =>
    createRateLimiter(tx, clock, {
      name: 'signups-per-address',
      limit: deps.limits.maxSignUpsPerAddress,
      windowMs: SIGN_UP_LIMITS.windowMinutes * 60_000,
    });
  const refreshReuseGraceMs = deps.limits.refreshReuseGraceSeconds * 1000;

  async function issueSession(
    tx: Queryable,
    user: repo.UserRow,
    now: Date,
    passwordResetUntil: Date | null = null,
  ): Promise<AuthSession> {
    const sessionId = await repo.insertSession(tx, user.id, now, passwordResetUntil);
    const refreshToken = await addRefreshToken(tx, sessionId, now, newOpaqueToken());
    return sessionFor(user, sessionId, refreshToken, now);
  }

  async function addRefreshToken(
    tx: Queryable,
    sessionId: string,
    now: Date,
    token: string,
  ): Promise<string> {
    const expiresAt = new Date(now.getTime() + AUTH.refreshTokenTtlDays * 86_400_000);
    await repo.insertRefreshToken(tx, { hash: hashToken(token), sessionId, now, expiresAt });
    return token;
  }

  /**
   * The session answer. `issuedAt` is when its access token was made: signing is deterministic, so the same
   * claims and `issuedAt` give the same token again (the refresh reuse grace relies on it).
   */
  async function sessionFor(
    user: repo.UserRow,
    sessionId: string,
    refreshToken: string,
    issuedAt: Date,
    now: Date = issuedAt,
  ): Promise<AuthSession> {
    const access = await tokens.sign({ userId: user.id, sessionId, email: user.email }, issuedAt);
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      expires_in: access.expiresAt - Math.floor(now.getTime() / 1000),
      expires_at: access.expiresAt,
      token_type: 'bearer',
      user: toAuthUser(user),
    };
  }

  /** The refusal says which rule the password broke, so the person knows what to change. */
  function rejectWeak(password: string, context: PasswordContext): void {
    const weakness = passwordWeakness(password, context);
    if (weakness) throw new AppError('weak_password', WEAK_PASSWORD_TEXTS[weakness]);
  }

  async function currentUser(auth: AuthContext): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, auth.userId);
    if (!user) throw notSignedIn();
    return user;
  }

  /** Counted before checking, like a sign-in, so parallel guesses cannot overshoot; a match gives it back. */
  async function checkCurrentPassword(user: repo.UserRow, password: string): Promise<void> {
    const decision = await currentPasswordLimiter.consume(user.id);
    if (!decision.allowed) throw tooManyRequests(decision);
    if (!(await passwords.verify(user.password_hash, password))) {
      throw new AppError('current_password_wrong', ERRORS.currentPasswordWrong);
    }
    await currentPasswordLimiter.refund(user.id);
  }

  /**
   * A spent refresh token presented again: within the grace window after the rotation that spent it, and while
   * its session lives, the answer is the pair that rotation gave (same refresh token, same access token); null
   * otherwise. The successor's row proves the token was spent by a rotation, not by a sign-out.
   */
  async function replayRotation(
    tx: Queryable,
    known: repo.KnownRefreshToken,
    token: string,
    now: Date,
  ): Promise<AuthSession | null> {
    const rotatedAt = known.spent_at;
    if (!rotatedAt || known.session_revoked_at) return null;
    if (now.getTime() - rotatedAt.getTime() > refreshReuseGraceMs) return null;
    const successor = deps.successorOf(token);
    const issued = await repo.findRefreshToken(tx, hashToken(successor));
    if (issued?.session_id !== known.session_id) return null;
    const user = await repo.findUserById(tx, known.user_id);
    return user ? sessionFor(user, known.session_id, successor, rotatedAt, now) : null;
  }

  return {
    async limitAddress(address) {
      await enforceRateLimit(addressLimiter, address);
    },

    async signUp(input, address, redirectTo) {
      const fullName = input.data.full_name;
      const redirectPath = redirectPathFor(redirectTo, deps.origin);
      rejectWeak(input.password, { email: input.email, fullName });
      const passwordHash = await passwords.hash(input.password);
      const now = clock.now();
      // One transaction: the user, their profile, their first session and the job of their confirmation e-mail
      // exist together or not at all.
      const session = await db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          email: input.email,
          passwordHash,
          metadata: { full_name: fullName },
          now,
        });
        if (!user) return undefined;
        const allowance = await signUpLimiter(tx).consume(address);
        if (!allowance.allowed) throw tooManyRequests(allowance, ABUSE_LIMIT_TEXTS.tooManySignUps);
        await deps.profiles.createProfileIfAbsent(
          tx,
          user.id,
          { fullName, email: user.email, phone: null, timeZone: input.data.time_zone ?? null },
          now,
        );
        // Signed in already: nobody is kept from SOS by an unread e-mail. The link only confirms the address.
        const email = { purpose: 'signup', userId: user.id, redirectPath } as const;
        await enqueueAccountEmail(tx, email, `signup:${user.id}`, now);
        return issueSession(tx, user, now);
      });
      if (!session) throw new AppError('email_taken', ERRORS.emailTaken);
      deps.wakeJobs(ACCOUNT_EMAIL_JOB);
      return session;
    },

    async signIn({ email, password }, address) {
      // Counted before checking, so parallel guesses cannot overshoot the limits; a success gives them back.
      const pairKey = `${email}\n${address}`;
      const pair = await pairLimiter.consume(pairKey);
      if (!pair.allowed) throw tooManyRequests(pair);
      if (pair.hits === 1) {
        // This address has no failure on this account in the window: always heard (the owner on a new phone).
        await accountLimiter.record(email);
      } else {
        const account = await accountLimiter.consume(email);
        if (!account.allowed) {
          // Not checked, so not a failure of this address: waiting is enough, it never adds up to a lock.
          await pairLimiter.refund(pairKey);
          throw tooManyRequests(account);
        }
      }
      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        await passwords.verifyNothing(password);
        throw invalidCredentials();
      }
      if (!(await passwords.verify(user.password_hash, password))) throw invalidCredentials();
      await Promise.all([pairLimiter.refund(pairKey), accountLimiter.refund(email)]);
      const now = clock.now();
      return db.transaction((tx) => issueSession(tx, user, now));
    },

    async refresh(refreshToken) {
      const now = clock.now();
      const hash = hashToken(refreshToken);
      // The reuse revocation must commit, so the transaction returns an outcome and we throw afterwards.
      const outcome = await db.transaction(async (tx): Promise<AuthSession | 'reused' | 'invalid'> => {
        const spent = await repo.spendRefreshToken(tx, hash, now);
        if (!spent) {
          const known = await repo.findRefreshToken(tx, hash);
          if (!known?.spent_at) return 'invalid';
          // A lost answer retried, or two refreshes at once (on PostgreSQL the second waited for the first's
          // row lock and then found the token spent): the same pair again.
          const replayed = await replayRotation(tx, known, refreshToken, now);
          if (replayed) return replayed;
          // Past the grace window a spent token presented again means it was copied: end the session for
          // thief and owner alike.
          await repo.revokeSession(tx, known.session_id, 'refresh_token_reused', now);
          return 'reused';
        }
        const user = await repo.findUserById(tx, spent.user_id);
        if (!user) return 'invalid';
        await repo.markSessionRefreshed(tx, spent.session_id, now);
        const next = await addRefreshToken(tx, spent.session_id, now, deps.successorOf(refreshToken));
        return sessionFor(user, spent.session_id, next, now);
      });
      if (typeof outcome === 'string') throw invalidRefreshToken();
      return outcome;
    },

    async logout(auth, scope) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (scope !== 'others') await repo.revokeSession(tx, auth.sessionId, 'logout', now);
        if (scope !== 'local') await repo.revokeOtherSessions(tx, auth.userId, auth.sessionId, 'logout', now);
      });
    },

    async getUser(auth) {
      return toAuthUser(await currentUser(auth));
    },

    async updateUser(auth, update) {
      const user = await currentUser(auth);
      const fullName =
        update.data?.full_name ??
        (typeof user.user_metadata?.full_name === 'string' ? user.user_metadata.full_name : undefined);
      const currentPassword = update.current_password;
      if (update.password !== undefined) {
        rejectWeak(update.password, { email: user.email, fullName });
        // Without it, only the recovery session's window (checked, and closed, in the transaction) allows this.
        if (currentPassword !== undefined) await checkCurrentPassword(user, currentPassword);
      }
      const passwordHash = update.password === undefined ? undefined : await passwords.hash(update.password);
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        if (passwordHash !== undefined) {
          // Any new password closes the window; without the current password it must have been open.
          const inRecoveryWindow = await repo.closePasswordResetWindow(tx, auth.sessionId, now);
          if (currentPassword === undefined && !inRecoveryWindow) throw currentPasswordRequired();
        }
        const row = await repo.updateUser(tx, user.id, {
          passwordHash,
          metadata: update.data?.full_name === undefined ? undefined : { full_name: update.data.full_name },
          now,
        });
        if (passwordHash !== undefined) {
          // A new password shuts out whoever knew the old one: other devices sign in again.
          await repo.revokeOtherSessions(tx, user.id, auth.sessionId, 'password_changed', now);
          await repo.voidOneTimeTokens(tx, user.id, 'recovery', now);
        }
        return row;
      });
      if (!updated) throw notSignedIn();
      return toAuthUser(updated);
    },

    async deleteUser(auth, request) {
      await checkCurrentPassword(await currentUser(auth), request.current_password);
      await db.transaction(async (tx) => {
        await deps.accountDeletion.deleteWithAccount(tx, auth.userId, clock.now());
        await repo.deleteUser(tx, auth.userId);
      });
      deps.accountDeletion.afterDeletion();
    },

    async requestRecovery(email, redirectTo) {
      const redirectPath = redirectPathFor(redirectTo, deps.origin);
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        const decision = await recoveryMailLimiter(tx).consume(email);
        if (!decision.allowed) return false;
        // Written whether or not the address has an account (the job then sends nothing), so the answer takes as
        // long either way and says nothing about the address.
        const user = await repo.findUserByEmail(tx, email);
        const job = { purpose: 'recovery', userId: user?.id ?? null, redirectPath } as const;
        await enqueueAccountEmail(tx, job, `recovery:${randomUUID()}`, now);
        return true;
      });
      if (queued) deps.wakeJobs(ACCOUNT_EMAIL_JOB);
    },

    async verify({ type, token }) {
      const now = clock.now();
      const hash = hashToken(token);
      const session = await db.transaction(async (tx) => {
        const userId = await repo.useOneTimeToken(tx, hash, type, now);
        if (!userId) return null;
        // Either link arrived at the address, which proves it.
        await repo.confirmEmail(tx, userId, now);
        if (type === 'signup') return {};
        const user = await repo.findUserById(tx, userId);
        // Whoever opened the link may not know the old password: this session may set a new one, once, soon.
        const resetUntil = new Date(now.getTime() + RECOVERY_SESSION_PASSWORD_WINDOW_MS);
        return user ? issueSession(tx, user, now, resetUntil) : null;
      });
      if (!session) throw invalidLink();
      return session;
    },

    async confirmFromLink(token) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await repo.useOneTimeToken(tx, hashToken(token), 'signup', now);
        if (userId) await repo.confirmEmail(tx, userId, now);
        return userId !== undefined;
      });
    },
  };
}
