import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../adapters/clock';
import { expectUnavailable, JOB_KINDS } from '../testing/database-outage';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestDatabase } from '../testing/test-database';
import { createTestUser, type TestUser } from '../testing/test-users';
import type { Database } from './database';

/**
 * PGlite runs in this process and cannot stop or stall like a server, so here the database is closed under the
 * app: requests answer 503 with Retry-After and the scheduler keeps running (docs/decisions/016). Runs only in the
 * PGlite project (`*.pglite.api.test.ts`, vitest.config.ts); database-outage.postgres.api.test.ts is its
 * PostgreSQL counterpart.
 */
describe('a PGlite database that has been closed under the app', () => {
  let db: Database;
  let sut: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    db = await openTestDatabase();
    sut = await createTestApp({}, { db, clock: manualClock(new Date()) });
    user = await createTestUser(sut);
    await db.close();
  });

  afterAll(async () => {
    await sut?.app.close();
  });

  it('answers 503 with Retry-After, and /api/health says degraded', async () => {
    const health = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      database: 'pglite',
      databaseStatus: 'unavailable',
    });
    expectUnavailable(await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers }));
    for (const kind of JOB_KINDS) await expect(sut.app.scheduler.runNow(kind)).resolves.toBeUndefined();
  });
});
