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
const CLOCK = '/api/dev/clock';
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

/**
 * A reverse proxy on the same host connects from 127.0.0.1 on behalf of anyone. Whatever TRUST_PROXY says, a
 * request that carries a forwarding header is not from this machine: in the default development mode a remote
 * visitor behind such a proxy would otherwise read every reset link in the mail outbox.
 */
describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'without TRUST_PROXY', env: {} },
  { name: 'with TRUST_PROXY naming the proxy on this machine', env: { TRUST_PROXY: '127.0.0.1' } },
])('dev outboxes and the dev clock never answer a request that came through a proxy ($name)', ({ env }) => {
  let sut: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    sut = await createTestApp({ NODE_ENV: 'development', DEV_CLOCK_CONTROL: 'true', ...env });
    alice = await createTestUser(sut);
  });
  afterAll(() => sut?.close());

  const FORWARDED: Array<Record<string, string>> = [
    { 'x-forwarded-for': REMOTE },
    { 'x-forwarded-for': '127.0.0.1' }, // the proxy forwarding someone on this machine, or a client lying
    { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` },
    { forwarded: 'for=127.0.0.1;proto=http' },
    { 'x-real-ip': '127.0.0.1' },
    { via: '1.1 localhost (nginx)' },
    { 'x-forwarded-host': 'localhost:3000' },
    { 'x-forwarded-proto': 'http' },
  ];
  const local = (url: string, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: url === CLOCK ? 'POST' : 'GET',
      url,
      headers: { ...alice.headers, ...headers },
      ...(url === CLOCK ? { payload: { advanceMs: 0 } } : {}),
      remoteAddress: '127.0.0.1', // the proxy runs on this machine
    });

  it('answers each forwarding header from 127.0.0.1 with the 404 of a missing route', async () => {
    const missing = await missingRouteAnswer(sut.app.inject.bind(sut.app));
    for (const url of [MAIL, SMS, CLOCK]) {
      for (const headers of FORWARDED) {
        const res = await local(url, headers);
        expect({ url, headers, status: res.statusCode, body: res.body }).toEqual({
          url,
          headers,
          ...missing,
        });
      }
    }
  });

  it('still answers this machine itself, without any forwarding header', async () => {
    for (const url of [MAIL, SMS, CLOCK]) expect((await local(url)).statusCode, url).toBe(200);
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
