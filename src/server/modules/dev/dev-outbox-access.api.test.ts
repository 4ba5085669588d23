import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevMailListSchema } from '#shared/schemas/dev-mail';
import { DevSmsListSchema } from '#shared/schemas/dev-sms';
import { buildApp } from '../../app';
import { manualClock } from '../../adapters/clock';
import { devOutboxMailer } from '../../adapters/mail/dev-outbox-mailer';
import {
  DEV_OUTBOX_UNREACHABLE_ERROR,
  devOutboxSmsProvider,
} from '../../adapters/sms/dev-outbox-sms-provider';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { isLoopbackAddress } from '../../http/loopback';
import { createLogger } from '../../logger';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi, waitForMail } from '../../testing/test-auth';
import { openTestDatabase } from '../../testing/test-database';
import { createTestUser, type TestUser } from '../../testing/test-users';

type Inject = TestApp['app']['inject'];
const MAIL = '/api/dev/mail';
const SMS = '/api/dev/sms-outbox';
const REMOTE = '203.0.113.9';

/** What a path that does not exist answers: a refused outbox must look exactly the same. */
async function missingRouteAnswer(inject: Inject): Promise<{ status: number; body: string }> {
  const res = await inject({ method: 'GET', url: '/api/dev/no-such-outbox', remoteAddress: REMOTE });
  return { status: res.statusCode, body: res.body };
}

describe('dev outboxes answer only clients on this machine', () => {
  let sut: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    sut = await createTestApp();
    [alice, bob] = [await createTestUser(sut, 'Alice'), await createTestUser(sut, 'Bob')];
    await addContact(sut, alice, '+12015550121');
    await addContact(sut, bob, '+12015550122');
    expect((await raiseAlert(sut, alice)).statusCode).toBe(201);
    expect((await raiseAlert(sut, bob)).statusCode).toBe(201);
  });
  afterAll(() => sut?.close());

  it('refuses a client that is not on loopback with the 404 of a missing route, signed in or not', async () => {
    const inject = sut.app.inject.bind(sut.app);
    const missing = await missingRouteAnswer(inject);
    expect(missing.status).toBe(404);
    for (const request of [
      { url: MAIL },
      { url: SMS },
      { url: SMS, headers: alice.headers },
      { url: MAIL, remoteAddress: '::ffff:192.168.1.20' },
      { url: SMS, headers: alice.headers, remoteAddress: '2001:db8::1' },
    ]) {
      const res = await sut.app.inject({ method: 'GET', remoteAddress: REMOTE, ...request });
      expect({ status: res.statusCode, body: res.body }).toEqual(missing);
    }
  });

  it('lets a client on loopback read the mail outbox without signing in', async () => {
    const person = await signUpViaApi(sut, { remoteAddress: '10.9.0.1' });
    await waitForMail(sut, person.email);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await sut.app.inject({ method: 'GET', url: MAIL, remoteAddress });
      expect(res.statusCode).toBe(200);
      const { messages } = DevMailListSchema.parse(res.json());
      expect(messages.map((message) => message.to)).toContain(person.email);
    }
  });

  it('shows a signed-in person only the texts of their own alerts', async () => {
    const read = async (user: TestUser) => {
      const res = await sut.app.inject({
        method: 'GET',
        url: SMS,
        headers: user.headers,
        remoteAddress: '::1',
      });
      expect(res.statusCode).toBe(200);
      return DevSmsListSchema.parse(res.json()).messages;
    };
    const [ofAlice, ofBob] = [await read(alice), await read(bob)];
    expect(ofAlice.map((message) => [message.to, message.user_id])).toEqual([['+12015550121', alice.id]]);
    expect(ofBob.map((message) => [message.to, message.user_id])).toEqual([['+12015550122', bob.id]]);
    const nobody = await createTestUser(sut);
    expect(await read(nobody)).toEqual([]);
    // Still a signed-in route on loopback.
    expect((await sut.app.inject({ method: 'GET', url: SMS, remoteAddress: '127.0.0.1' })).statusCode).toBe(
      401,
    );
  });

  it('lists a text that failed too, with its reason', async () => {
    const carol = await createTestUser(sut, 'Carol');
    await addContact(sut, carol, '+12015550123');
    await addContact(sut, carol, '+12015550000'); // the dev outbox's unreachable test number
    expect((await raiseAlert(sut, carol)).statusCode).toBe(201);
    const res = await sut.app.inject({
      method: 'GET',
      url: SMS,
      headers: carol.headers,
      remoteAddress: '::1',
    });
    const messages = DevSmsListSchema.parse(res.json()).messages;
    expect(messages.map((m) => [m.to, m.status, m.error]).sort()).toEqual([
      ['+12015550000', 'failed', DEV_OUTBOX_UNREACHABLE_ERROR],
      ['+12015550123', 'kept', null],
    ]);
    expect(messages.every((m) => m.user_id === carol.id && m.body.includes('Carol may need help'))).toBe(
      true,
    );
  });

  it('knows which addresses are loopback', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '']) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});

describe('dev outboxes behind a proxy (TRUST_PROXY)', () => {
  let sut: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    sut = await createTestApp({ TRUST_PROXY: 'true' });
    alice = await createTestUser(sut);
  });
  afterAll(() => sut?.close());

  const viaProxy = (url: string, forwardedFor: string) =>
    sut.app.inject({
      method: 'GET',
      url,
      headers: { ...alice.headers, 'x-forwarded-for': forwardedFor },
      remoteAddress: '127.0.0.1', // the proxy runs on this machine
    });

  it('refuses a remote client the proxy forwards, though the socket is loopback', async () => {
    const missing = await missingRouteAnswer(sut.app.inject.bind(sut.app));
    for (const url of [MAIL, SMS]) {
      const res = await viaProxy(url, REMOTE);
      expect({ status: res.statusCode, body: res.body }).toEqual(missing);
      // A remote client writing X-Forwarded-For: 127.0.0.1 itself: the proxy appends the real address.
      expect((await viaProxy(url, `127.0.0.1, ${REMOTE}`)).statusCode).toBe(404);
    }
  });

  it('answers a local client the proxy forwards', async () => {
    expect((await viaProxy(MAIL, '127.0.0.1')).statusCode).toBe(200);
    expect((await viaProxy(SMS, '::1')).statusCode).toBe(200);
  });
});

describe('dev outboxes in production', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('are not registered even when the dev outboxes are what mail and texts go to', async () => {
    // The configuration rules for production (PUBLIC_URL, an SMS provider) are not what this test is about: it
    // checks the dev module's own rule, so it takes a development configuration and says "production".
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), env: 'production' as const };
    const clock = manualClock();
    const app = await buildApp({
      config,
      db,
      logger: createLogger('silent'),
      clock,
      mailer: devOutboxMailer(db),
      sms: devOutboxSmsProvider(db, clock),
    });
    try {
      const routes = app.registeredRoutes().map((route) => route.url);
      expect(routes).not.toContain(MAIL);
      expect(routes).not.toContain(SMS);
      for (const url of [MAIL, SMS]) {
        expect((await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
