import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevSmsListSchema } from '#shared/schemas/dev-sms';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';

/** The SOS text writes its times in the person's stored time zone (docs/PRODUCT.md#the-alert-text). */
describe('the SOS text’s time zone', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const textOf = async (user: TestUser): Promise<string> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: user.headers });
    const [text] = DevSmsListSchema.parse(res.json()).messages;
    return text?.body ?? '';
  };
  const dateTimeIn = (timeZone: string): string => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).formatToParts(sut.clock.now());
    const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
  };

  it('is the person’s zone, with its abbreviation, once the profile has one', async () => {
    const user = await createTestUser(sut, 'Nora York');
    const patched = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: { time_zone: 'America/New_York' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await addContact(sut, user, '+12015550161');
    expect((await raiseAlert(sut, user)).statusCode).toBe(201);
    const text = await textOf(user);
    expect(text).toContain(`Time: ${dateTimeIn('America/New_York')}`);
    expect(text).toMatch(/ E[SD]T\n/);
  });

  it('is UTC, stated, while the person has none', async () => {
    const user = await createTestUser(sut, 'Uma Utc');
    await addContact(sut, user, '+12015550162');
    expect((await raiseAlert(sut, user)).statusCode).toBe(201);
    expect(await textOf(user)).toContain(`Time: ${dateTimeIn('UTC')}`);
  });
});
