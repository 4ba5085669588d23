/**
 * Account e-mails are jobs of the one job table: written with the account (or the recovery request), sent by
 * whichever instance claims them, retried with backoff, and never lost with the process that answered.
 *
 * A process that dies leaves the database exactly as an instance that never answers again: a pending job nobody
 * claimed, or a claimed one whose lease runs out and which is never settled. The tests make that second instance
 * here, in process, with a mailer that never answers, and run a new instance on the same database and clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../adapters/clock';
import { devOutboxMailer } from '../../adapters/mail/dev-outbox-mailer';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { Database } from '../../db/database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { listMail, pathFromMail, signUpViaApi, tokenFromMail } from '../../testing/test-auth';
import {
  ACCOUNT_EMAIL_ERRORS,
  ACCOUNT_EMAIL_JOB,
  ACCOUNT_EMAIL_LEASE_MS,
  ACCOUNT_EMAIL_RETRY,
} from './account-email-job';

const ENV = { AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000' };

type JobRow = { key: string; status: string; attempts: number; payload: unknown; last_error: string | null };

/** A mail server that takes every message and never answers, until the test lets it fail. */
function unansweringMailer(): { mailer: Mailer; sends: MailMessage[]; fail(): void } {
  const sends: MailMessage[] = [];
  let fail = (): void => undefined;
  const answered = new Promise<void>((_resolve, reject) => {
    fail = () => reject(new Error('connection reset'));
  });
  answered.catch(() => undefined);
  return {
    sends,
    fail: () => fail(),
    mailer: {
      kind: 'smtp',
      async send(message) {
        sends.push(message);
        await answered;
      },
    },
  };
}

/** The dev outbox behind a mail server that refuses the first `failures` messages, quoting the recipient. */
function flakyMailer(db: Database, failures: number): Mailer & { refused: number } {
  const outbox = devOutboxMailer(db);
  const flaky = {
    kind: outbox.kind,
    refused: 0,
    async send(message: MailMessage) {
      if (flaky.refused < failures) {
        flaky.refused++;
        throw new Error(`451 Try again later: <${message.to}> greylisted`);
      }
      await outbox.send(message);
    },
  };
  return flaky;
}

describe('account e-mails', () => {
  let db: Database;
  let clock: ReturnType<typeof manualClock>;
  const apps: TestApp[] = [];
  const start = async (mailer?: Mailer, env: Record<string, string> = {}): Promise<TestApp> => {
    const app = await createTestApp({ ...ENV, ...env }, { db, clock, mailer });
    apps.push(app);
    return app;
  };
  const jobs = async (): Promise<JobRow[]> =>
    (
      await db.query<JobRow>(
        'SELECT key, status, attempts, payload, last_error FROM scheduled_jobs WHERE kind = $1 ORDER BY created_at',
        [ACCOUNT_EMAIL_JOB],
      )
    ).rows;
  const confirm = (sut: TestApp, path: string) => sut.app.inject({ method: 'GET', url: path });

  beforeEach(async () => {
    db = await openTestDatabase();
    clock = manualClock(new Date());
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await db.close();
  });

  it('a server killed after sign-up but before the confirmation e-mail was sent sends it after restart', async () => {
    // This instance runs no jobs: it dies right after the sign-up's commit, before anything was sent.
    const dying = unansweringMailer();
    const first = await start(dying.mailer, { SCHEDULER_ENABLED: 'false' });
    const person = await signUpViaApi(first);
    expect((await jobs()).map((job) => [job.key, job.status])).toEqual([[`signup:${person.id}`, 'pending']]);

    const second = await start();
    await second.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);

    const mails = await listMail(second);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [person.email, 'Confirm your Beacon e-mail address'],
    ]);
    expect(dying.sends).toEqual([]);
    const landed = await confirm(second, pathFromMail(mails[0]!));
    expect([landed.statusCode, landed.headers.location]).toEqual([303, '/']);
    expect((await jobs()).map((job) => [job.status, job.attempts])).toEqual([['done', 1]]);
  });

  it('a send under way when its server died is sent once by another instance after the lease, and the dead one’s late answer changes nothing', async () => {
    const dying = unansweringMailer();
    const first = await start(dying.mailer);
    const person = await signUpViaApi(first);
    await vi.waitFor(() => expect(dying.sends.map((mail) => mail.to)).toEqual([person.email]));

    const second = await start();
    await second.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    expect(await listMail(second)).toEqual([]); // still leased by the first instance
    clock.advance(ACCOUNT_EMAIL_LEASE_MS + 1);
    await second.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    const mails = await listMail(second);
    expect(mails.map((mail) => mail.to)).toEqual([person.email]);

    // The first instance's send finally fails: its attempt was taken over, so its outcome is not recorded.
    dying.fail();
    await first.app.idle();
    expect((await jobs()).map((job) => [job.status, job.attempts, job.last_error])).toEqual([
      ['done', 2, null],
    ]);
    // The link of the e-mail that went out works; the one the first instance made was never sent and is void.
    const landed = await confirm(second, pathFromMail(mails[0]!));
    expect([landed.statusCode, landed.headers.location]).toEqual([303, '/']);
    const { rows } = await db.query<{ email_confirmed_at: Date | null }>(
      'SELECT email_confirmed_at FROM users WHERE id = $1',
      [person.id],
    );
    expect(rows[0]!.email_confirmed_at).not.toBeNull();
  });

  it('is retried with backoff after the mail server refuses it, and the job never holds the link or the address', async () => {
    const mailer = flakyMailer(db, 2);
    const sut = await start(mailer);
    const person = await signUpViaApi(sut);
    await sut.app.idle();
    expect(mailer.refused).toBe(1);
    expect((await jobs()).map((job) => [job.status, job.attempts, job.last_error])).toEqual([
      ['pending', 1, ACCOUNT_EMAIL_ERRORS.mailServer],
    ]);

    // Not due again before its backoff.
    await sut.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    expect(mailer.refused).toBe(1);
    const afterBackoff = async (attempts: number): Promise<void> => {
      const waitMs = ACCOUNT_EMAIL_RETRY.backoffMs[attempts - 1]!;
      clock.advance(waitMs * (1 + ACCOUNT_EMAIL_RETRY.jitter) + 1);
      await sut.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    };
    await afterBackoff(1);
    expect(mailer.refused).toBe(2);
    expect(await listMail(sut)).toEqual([]);
    await afterBackoff(2);
    const mails = await listMail(sut);
    expect(mails.map((mail) => mail.to)).toEqual([person.email]);
    const [job] = await jobs();
    expect([job!.status, job!.attempts, job!.last_error]).toEqual(['done', 3, null]);

    // What the job row holds: the account, the kind of e-mail, nothing else (no token, no address).
    expect(job!.payload).toEqual({ purpose: 'signup', userId: person.id });
    const stored = JSON.stringify(await jobs());
    expect(stored).not.toContain(tokenFromMail(mails[0]!));
    expect(stored).not.toContain(person.email);
    // Each attempt made a new link and voided the one before: only the e-mailed one works.
    const { rows } = await db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM auth_one_time_tokens WHERE user_id = $1 AND used_at IS NULL',
      [person.id],
    );
    expect(rows[0]!.live).toBe(1);
    expect((await confirm(sut, pathFromMail(mails[0]!))).headers.location).toBe('/');
  });

  it('a recovery request is a job too: queued in its transaction, sent by the next instance', async () => {
    const first = await start(undefined, { SCHEDULER_ENABLED: 'false' });
    const person = await signUpViaApi(first);
    const asked = await first.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: person.email },
    });
    expect([asked.statusCode, asked.json()]).toEqual([200, {}]);
    const recovery = (await jobs()).find((job) => job.key.startsWith('recovery:'));
    expect(recovery).toMatchObject({
      status: 'pending',
      payload: { purpose: 'recovery', userId: person.id },
    });
    expect(JSON.stringify(recovery)).not.toContain(person.email);

    const second = await start();
    await second.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    const subjects = (await listMail(second)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual(['Confirm your Beacon e-mail address', 'Reset your Beacon password']);
  });

  it('sends nothing for an account deleted before its e-mail went out', async () => {
    const first = await start(undefined, { SCHEDULER_ENABLED: 'false' });
    const person = await signUpViaApi(first);
    await db.query('DELETE FROM users WHERE id = $1', [person.id]);
    const second = await start();
    await second.app.scheduler.runNow(ACCOUNT_EMAIL_JOB);
    expect(await listMail(second)).toEqual([]);
    expect((await jobs()).map((job) => [job.status, job.last_error])).toEqual([
      ['failed', ACCOUNT_EMAIL_ERRORS.noAccount],
    ]);
  });
});
