import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DevMailListSchema } from '#shared/schemas/dev-mail';
import { buildApp } from '../../app';
import { manualClock } from '../../adapters/clock';
import { devOutboxMailer } from '../../adapters/mail/dev-outbox-mailer';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { createLogger } from '../../logger';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../testing/test-app';
import { signUpViaApi, waitForMail } from '../../testing/test-auth';
import { openTestDatabase } from '../../testing/test-database';

describe('GET /api/dev/mail with the dev outbox', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  it('lists the e-mails "sent", newest first', async () => {
    const first = await signUpViaApi(sut);
    await waitForMail(sut, first.email);
    // The outbox dates a message with the database's clock; the next one is written once that clock has moved on,
    // so "newest first" has two different times to order (the same time would leave the order to the ids).
    await vi.waitFor(async () => {
      const { rows } = await sut.db.query<{ later: boolean }>(
        'SELECT clock_timestamp() > max(created_at) AS later FROM dev_outbox',
      );
      expect(rows[0]?.later).toBe(true);
    });
    const second = await signUpViaApi(sut);
    await waitForMail(sut, second.email);

    const res = await sut.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(200);
    const { messages } = DevMailListSchema.parse(res.json());
    expect(messages.map((message) => message.to)).toEqual([second.email, first.email]);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: second.email,
      subject: 'Confirm your Beacon e-mail address',
      body: expect.stringContaining('/api/auth/verify?type=signup&token='),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('GET /api/dev/mail without the dev outbox', () => {
  // Both apps share one database: cloning one costs about a second.
  let db: Database;
  const opened: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of opened) await app.close();
    await db?.close();
  });

  async function appWith(
    env: Record<string, string>,
    mailer: (db: Database) => Mailer,
  ): Promise<FastifyInstance> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret!',
      ...env,
    });
    const app = await buildApp({
      config,
      db,
      logger: createLogger('silent'),
      clock: manualClock(),
      mailer: mailer(db),
    });
    opened.push(app);
    return app;
  }

  it('is not registered when e-mail goes out over SMTP (404)', async () => {
    const sent: MailMessage[] = [];
    const app = await appWith({ NODE_ENV: 'test' }, () => ({
      kind: 'smtp',
      send: async (message) => {
        sent.push(message);
      },
    }));
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });

  it('is not registered in production even with the dev outbox: it would list everyone’s links', async () => {
    const app = await appWith(PRODUCTION_ENV, (db) => devOutboxMailer(db));
    expect((await app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
  });
});
