import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema } from '#shared/schemas/api-error';
import { buildApp } from '../../app';
import { manualClock } from '../../adapters/clock';
import { createMailer } from '../../adapters/mail/create-mailer';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  it('answers status, version, the database kind, the SMS provider and where e-mail goes', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: '1.0.0',
      database: process.env.BEACON_TEST_DB,
      databaseStatus: 'ok',
      sms: { provider: 'dev-outbox', lastOutcome: 'unknown' },
      mail: { provider: 'dev-outbox' },
    });
  });

  it('names SMTP as the mail provider when SMTP_URL is set, as production requires', async () => {
    // The mailer main.ts builds from the configuration; nothing is sent.
    const config = loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      db: sut.db,
      logger: createLogger('silent'),
      clock: manualClock(),
      mailer: createMailer(config, sut.db),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(HealthSchema.parse(res.json()).mail).toEqual({ provider: 'smtp' });
    } finally {
      await app.close();
    }
  });

  it('sends the security headers', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The default map tiles (OpenStreetMap) may load, and nothing else from elsewhere.
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the browser load tiles from the server VITE_TILE_URL names', async () => {
    const custom = await createTestApp({ VITE_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    try {
      const res = await custom.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://*.tiles.example.org;",
      );
    } finally {
      await custom.close();
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });
});
