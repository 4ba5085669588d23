/**
 * The account e-mails (the sign-up confirmation, the recovery link) as a kind of the one job mechanism
 * (scheduler/jobs.ts). Sign-up and recovery write the job in their own transaction, so an account never exists
 * without its confirmation e-mail on the way, and a recovery request that was answered is never forgotten: a
 * crash before the send leaves the job pending for any instance's next poll, a crash during it leaves a lease that
 * runs out, and a mail server that fails is tried again with backoff.
 *
 * The job holds no token and nothing a link could be rebuilt from without the server: only the account's id, the
 * kind of e-mail and the page the link leads to. Each attempt makes a fresh link token, stores only its digest
 * (voiding the account's older links of that kind, as before) and puts the token in the e-mail alone; the job
 * table, its `last_error` and the logs never see it, nor the address. A send that went through but whose outcome
 * was lost with its worker is sent again with a new link, and only that newest link works.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import { confirmationEmail, recoveryEmail, type MailContent } from '../../adapters/mail/templates';
import type { Database, Queryable } from '../../db/database';
import { enqueueJobs, type Attempt, type JobHandler } from '../../scheduler/jobs';
import type { RetryPolicy } from '../../scheduler/retry-policy';
import {
  CONFIRMATION_LINK_TTL_MS,
  CONFIRMATION_PATH,
  RECOVERY_LINK_TTL_MS,
  RECOVERY_PAGE_PATH,
} from './policy';
import * as repo from './repository';
import { hashToken, newOpaqueToken } from './secure-token';

export const ACCOUNT_EMAIL_JOB = 'account-email';

/** 10 s, 1 min, 5 min, 15 min, then every hour, ±20 %; at most 12 attempts within a day. */
export const ACCOUNT_EMAIL_RETRY: RetryPolicy = {
  backoffMs: [10_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000],
  jitter: 0.2,
  maxAttempts: 12,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** Longer than a send can take with the SMTP time-outs (adapters/mail/smtp-mailer.ts), so none is doubled. */
export const ACCOUNT_EMAIL_LEASE_MS = 5 * 60_000;

export const ACCOUNT_EMAIL_ERRORS = {
  mailServer: 'The mail server did not take the message',
  unreadable: 'The job does not say which e-mail to send',
  noAccount: 'The account no longer exists',
} as const;

const AccountEmailSchema = z.object({
  purpose: z.enum(['signup', 'recovery']),
  /** null: a recovery request for an address without an account, written all the same (see service.ts). */
  userId: z.uuid().nullable(),
  /** The page of this site the link leads to once used (email-redirect.ts); Beacon's own page when absent. */
  redirectPath: z.string().optional(),
});
export type AccountEmail = z.infer<typeof AccountEmailSchema>;

/** Writes the e-mail's job in the caller's transaction; the caller wakes the job runner after the commit. */
export async function enqueueAccountEmail(
  tx: Queryable,
  email: AccountEmail,
  key: string,
  now: Date,
): Promise<void> {
  await enqueueJobs(tx, [{ kind: ACCOUNT_EMAIL_JOB, key, dueAt: now, payload: email }], now);
}

export function accountEmailJob(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** Where the links point (http/public-origin.ts). */
  origin: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): JobHandler<null> {
  /** A fresh link token: only its digest is stored, and only the newest link of a kind works. */
  async function newLinkToken(userId: string, purpose: repo.OneTimePurpose, ttlMs: number): Promise<string> {
    const token = newOpaqueToken();
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await repo.voidOneTimeTokens(tx, userId, purpose, now);
      await repo.insertOneTimeToken(tx, {
        hash: hashToken(token),
        userId,
        purpose,
        now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
    });
    return token;
  }

  /** The link: always this site's address, a path of its own, the token, and the page to land on if asked. */
  function link(path: string, params: Record<string, string>, redirectPath: string | undefined): string {
    const query = new URLSearchParams(params);
    if (redirectPath !== undefined) query.set('redirect_to', redirectPath);
    return `${deps.origin}${path}?${query}`;
  }

  async function content(email: AccountEmail, userId: string): Promise<MailContent> {
    if (email.purpose === 'signup') {
      const token = await newLinkToken(userId, 'signup', CONFIRMATION_LINK_TTL_MS);
      return confirmationEmail(link(CONFIRMATION_PATH, { type: 'signup', token }, email.redirectPath));
    }
    const token = await newLinkToken(userId, 'recovery', RECOVERY_LINK_TTL_MS);
    const minutes = RECOVERY_LINK_TTL_MS / 60_000;
    return recoveryEmail(link(RECOVERY_PAGE_PATH, { token }, email.redirectPath), minutes);
  }

  return {
    kind: ACCOUNT_EMAIL_JOB,
    retry: ACCOUNT_EMAIL_RETRY,
    leaseMs: ACCOUNT_EMAIL_LEASE_MS,
    concurrency: 4,

    async attempt(job): Promise<Attempt<null>> {
      const parsed = AccountEmailSchema.safeParse(job.payload);
      if (!parsed.success) return { outcome: 'failed', error: ACCOUNT_EMAIL_ERRORS.unreadable };
      const email = parsed.data;
      // An address without an account gets nothing; its job exists so the request took as long as any other.
      if (email.userId === null) return { outcome: 'done', value: null };
      const user = await repo.findUserById(deps.db, email.userId);
      if (!user) return { outcome: 'failed', error: ACCOUNT_EMAIL_ERRORS.noAccount };
      // A recovery link that arrived first already proved the address: nothing left to confirm.
      if (email.purpose === 'signup' && user.email_confirmed_at) return { outcome: 'done', value: null };
      const message = await content(email, user.id);
      try {
        await deps.mailer.send({ to: user.email, ...message, userId: user.id });
      } catch (error) {
        deps.log.warn(
          { kind: ACCOUNT_EMAIL_JOB, failure: describe(error) },
          'sending an account e-mail failed',
        );
        return { outcome: 'retry', error: ACCOUNT_EMAIL_ERRORS.mailServer };
      }
      return { outcome: 'done', value: null };
    },
  };
}

/** An error's name and message with e-mail addresses removed (SMTP errors quote the recipient). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');
}
