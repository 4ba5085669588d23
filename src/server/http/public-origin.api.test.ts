import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContact } from '../testing/test-alerts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitForMail } from '../testing/test-auth';
import { createTestUser } from '../testing/test-users';

/**
 * Every link Beacon sends starts with http/public-origin.ts: PUBLIC_URL, or http://localhost:PORT in development.
 * Never a request header: a forged Host or X-Forwarded-Host (even with TRUST_PROXY) would otherwise send a victim
 * a reset link to the forger's site.
 */
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  forwarded: 'host=evil.example;proto=http',
};

describe.each<{ name: string; env: Record<string, string>; origin: string }>([
  {
    name: 'with PUBLIC_URL',
    env: { PUBLIC_URL: 'https://beacon.example.org' },
    origin: 'https://beacon.example.org',
  },
  { name: 'without PUBLIC_URL (development)', env: { PORT: '4321' }, origin: 'http://localhost:4321' },
])('links $name ignore Host and X-Forwarded-Host', ({ env, origin }) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ ...env, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => sut?.close());

  const links = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];
  const expectOnlyOurOrigin = (text: string): void => {
    expect(links(text).length).toBeGreaterThan(0);
    for (const link of links(text)) {
      // Links to the map service are not Beacon's; every other link is.
      if (link.startsWith('https://www.google.com/maps')) continue;
      expect(link.startsWith(`${origin}/`)).toBe(true);
    }
    expect(text).not.toContain('evil.example');
  };

  it('in the sign-up confirmation and the password-recovery e-mails', async () => {
    const email = `forged-host-${Date.now()}@example.test`;
    const signUp = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: FORGED,
      payload: { email, password: 'blue-harbour-lantern-42', data: { full_name: 'Hosted Person' } },
    });
    expect(signUp.statusCode).toBe(200);
    const confirmation = await waitForMail(sut, email, (mail) => mail.body.includes('type=signup'));
    expectOnlyOurOrigin(confirmation.body);
    expect(confirmation.body).toContain(`${origin}/api/auth/verify?type=signup&token=`);

    const recover = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      headers: FORGED,
      payload: { email },
    });
    expect(recover.statusCode).toBe(200);
    const recovery = await waitForMail(sut, email, (mail) => mail.body.includes('/reset-password'));
    expectOnlyOurOrigin(recovery.body);
    expect(recovery.body).toContain(`${origin}/reset-password?token=`);
  });

  it('in a share link and the tracking link of an SOS text', async () => {
    const user = await createTestUser(sut);
    const share = await sut.app.inject({
      method: 'POST',
      url: '/api/share-links',
      headers: { ...user.headers, ...FORGED },
    });
    expect(share.statusCode).toBe(201);
    expect(share.json<{ url: string }>().url.startsWith(`${origin}/track/`)).toBe(true);

    await addContact(sut, user, '+12015550129');
    const raised = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...user.headers, ...FORGED },
      payload: { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12 } },
    });
    expect(raised.statusCode).toBe(201);
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1",
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expectOnlyOurOrigin(rows[0]!.body);
    expect(rows[0]!.body).toContain(`${origin}/track/`);
  });
});
