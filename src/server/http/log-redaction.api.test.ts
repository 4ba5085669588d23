/**
 * Share codes are bearer capabilities and tokens are secrets: whatever path or text carries one, the app's log
 * lines never do (docs/SECURITY.md, "What an SOS text contains, and hygiene").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '#shared/schemas/share-link';
import { manualClock } from '../adapters/clock';
import { devOutboxMailer } from '../adapters/mail/dev-outbox-mailer';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { addContact, raiseAlert } from '../testing/test-alerts';
import type { TestApp } from '../testing/test-app';
import { openTestDatabase } from '../testing/test-database';
import { createTestUser } from '../testing/test-users';

describe('log lines of the real app', () => {
  const chunks: string[] = [];
  let sut: TestApp;
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      JWT_SECRET: 'test-secret-test-secret-test-secret!',
    });
    const clock = manualClock(new Date());
    const app = await buildApp({
      config,
      db,
      logger: createLogger('debug', { write: (chunk: string) => void chunks.push(chunk) }),
      clock,
      mailer: devOutboxMailer(db),
    });
    await app.ready();
    sut = { app, db, clock, config, close: () => app.close() };
  });
  afterAll(async () => {
    await sut?.close();
    await db?.close();
  });

  it('never contain a share code or a token from a path, a query string or an SOS text', async () => {
    const user = await createTestUser(sut, 'Jane Doe');
    const created = await sut.app.inject({ method: 'POST', url: '/api/share-links', headers: user.headers });
    expect(created.statusCode).toBe(201);
    const code = created.json<ShareLink>().share_code;

    expect((await sut.app.inject({ method: 'GET', url: `/api/track/${code}` })).statusCode).toBe(200);
    await sut.app.inject({ method: 'GET', url: `/track/${code}` });
    await sut.app.inject({ method: 'GET', url: `/api/track/${code.toUpperCase()}x` });
    await sut.app.inject({ method: 'GET', url: '/api/auth/verify?token=TOKEN-SECRET-1&type=recovery' });
    // An SOS: its text carries the tracking link with a code of its own.
    await addContact(sut, user, '+12015550123');
    expect((await raiseAlert(sut, user)).statusCode).toBe(201);
    await sut.app.idle();
    const { rows } = await sut.db.query<{ share_code: string }>(
      'SELECT share_code FROM share_links WHERE user_id = $1',
      [user.id],
    );

    const output = chunks.join('');
    expect(output).toContain('incoming request');
    expect(output).toContain('/api/track/[Redacted]');
    for (const secret of [...rows.map((row) => row.share_code), code.toUpperCase(), 'TOKEN-SECRET-1']) {
      expect(output.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
  });
});
