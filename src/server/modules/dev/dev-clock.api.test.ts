/**
 * POST /api/dev/clock (DEV_CLOCK_CONTROL=true, development and tests only): moves the server's clock forward and
 * fires the deadlines that are then past, so a browser test sees an escort expire without waiting for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevClockResponse } from '#shared/schemas/dev-clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addContact } from '../../testing/test-alerts';
import { createTestUser } from '../../testing/test-users';
import { alertsOf, startEscort } from '../journeys/journey-test-helpers';

describe('the dev clock control', () => {
  let sut: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ DEV_CLOCK_CONTROL: 'true', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    off = await createTestApp();
  });
  afterAll(async () => {
    await sut?.close();
    await off?.close();
  });

  const advance = (app: TestApp, advanceMs: unknown, remoteAddress = '127.0.0.1') =>
    app.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs }, remoteAddress });

  it('moves the clock forward and fires the deadlines that are then past before answering', async () => {
    const user = await createTestUser(sut, 'Jane Doe');
    await addContact(sut, user, '+12015550123');
    const session = await startEscort(sut, user, {
      destination_address: 'Home',
      estimated_duration_minutes: 5,
    });
    // Past the deadline and the default last chance (2 minutes) after it.
    const res = await advance(sut, 8 * 60_000);
    expect(res.statusCode).toBe(200);
    const body = res.json<DevClockResponse>();
    expect(body.offsetMs).toBe(8 * 60_000);
    expect(new Date(body.now).getTime()).toBe(sut.clock.now().getTime() + 8 * 60_000);
    expect(await alertsOf(sut, user)).toMatchObject([{ trigger_type: 'escort_expired' }]);
    const active = await sut.app.inject({
      method: 'GET',
      url: '/api/escort-sessions/active',
      headers: user.headers,
    });
    expect(active.json().session).toMatchObject({ id: session.id, status: 'expired' });
  });

  it('refuses a negative or missing step, naming advanceMs', async () => {
    for (const step of [-1, 'soon', undefined]) {
      const res = await advance(sut, step);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        field: expect.stringMatching(/advanceMs|body/),
      });
    }
  });

  it('is a missing path for other machines and without DEV_CLOCK_CONTROL', async () => {
    expect((await advance(sut, 1000, '203.0.113.9')).statusCode).toBe(404);
    expect((await advance(off, 1000)).statusCode).toBe(404);
  });
});
