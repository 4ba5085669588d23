import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../adapters/clock';
import { expectUnavailable, JOB_KINDS } from '../testing/database-outage';
import { addContact, raiseAlert } from '../testing/test-alerts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createPostgresClone } from '../testing/test-database';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { createTestUser, type TestUser } from '../testing/test-users';
import type { Database } from './database';
import { openPostgres, type PostgresTimeouts } from './open-postgres';

/**
 * A PostgreSQL database that is stopped or stalled answers 503 with Retry-After, /api/health says degraded, and
 * everything works again once the database is back, without a restart (docs/decisions/016). The app reaches its
 * database through a TCP proxy the test stops and stalls (the real server, shared with other files, is never
 * touched). Runs only in the PostgreSQL project (`*.postgres.api.test.ts`, vitest.config.ts);
 * database-closed.pglite.api.test.ts is its PGlite counterpart.
 */

/** Small limits, so the test waits a second or two for each refusal instead of the production seconds. */
const TEST_TIMEOUTS: PostgresTimeouts = {
  connectMs: 500,
  statementMs: 800,
  queryMs: 1000,
  idleInTransactionMs: 2000,
  idleMs: 30_000,
  keepAliveDelayMs: 1000,
};

describe('a PostgreSQL database that stops or stalls (through a proxy)', () => {
  let clone: Awaited<ReturnType<typeof createPostgresClone>>;
  let proxy: TcpProxy;
  let db: Database;
  let sut: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    clone = await createPostgresClone();
    const direct = new URL(clone.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(clone.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    db = openPostgres(proxied.toString(), { max: 2, urgent: 1 }, TEST_TIMEOUTS);
    sut = await createTestApp({}, { db, clock: manualClock(new Date()) });
    user = await createTestUser(sut);
    await addContact(sut, user, '+12015550127');
  });

  afterAll(async () => {
    await sut?.app.close();
    await db?.close();
    await proxy?.close();
    await clone?.drop();
  });

  it('answers 503 with Retry-After when the database is stopped, and 200 again once it is back', async () => {
    await proxy.stop();

    const health = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: 'postgres',
      databaseStatus: 'unavailable',
    });
    expectUnavailable(await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers }));
    expectUnavailable(await raiseAlert(sut, user));

    await proxy.forward();
    await expectRecovered();
  });

  it('answers 503 within the time-outs when the database stalls, and 200 again once it answers', async () => {
    // Connections already open go silent, and new ones are accepted but never answered.
    proxy.stall();

    const health = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', databaseStatus: 'unavailable' });
    expectUnavailable(await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers }));
    expectUnavailable(await raiseAlert(sut, user));

    await proxy.forward();
    await expectRecovered();
  });

  it('keeps the scheduler running through an outage: the next SOS is sent once the database is back', async () => {
    await proxy.stop();
    // Every job kind's round fails on the database; none of them may throw out of the scheduler.
    for (const kind of JOB_KINDS) await expect(sut.app.scheduler.runNow(kind)).resolves.toBeUndefined();

    await proxy.forward();
    const res = await raiseAlert(sut, user);
    expect(res.statusCode).toBe(201);
    // The scheduler's delivery job took the text to the (dev outbox) provider.
    expect(res.json()).toMatchObject({
      summary: { successful: 0, total: 1 },
      deliveries: [{ status: 'kept_in_dev_outbox' }],
    });
  });

  async function expectRecovered(): Promise<void> {
    const health = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', databaseStatus: 'ok' });
    const contacts = await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers });
    expect(contacts.statusCode).toBe(200);
  }
});
