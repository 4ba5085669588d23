import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CHANNEL } from '#shared/constants';
import { ERRORS } from '#shared/texts';
import { acceptedReply, startFakeTwilio, type FakeTwilio } from '../adapters/sms/fake-twilio-server';
import { startCheckIn, startEscort } from '../modules/journeys/journey-test-helpers';
import { startFakeOverpass, type FakeOverpass } from '../testing/fake-overpass';
import {
  listenLocally,
  openRawConnection,
  openRawWebSocket,
  requestHead,
  type RawConnection,
} from '../testing/raw-http';
import { addContact, createTestUserWithContacts, raiseAlert } from '../testing/test-alerts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUpViaApi } from '../testing/test-auth';
import { createTestUser, type TestUser } from '../testing/test-users';

/** How long a test waits for the server to reach a state it is driven to (never an assertion about time). */
const patiently = { timeout: 15_000, interval: 20 };

const get = (sut: TestApp, url: string, user?: TestUser, remoteAddress?: string) =>
  sut.app.inject({
    method: 'GET',
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const post = (sut: TestApp, url: string, user: TestUser, payload?: object, remoteAddress?: string) =>
  sut.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/**
 * Opens a real connection and sends the head of a request that announces a body of `length` bytes, and the first
 * `sent` of them; the server has its headers, and its body keeps it waiting.
 */
async function slowBody(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  sent = '{"email":"',
  length = 200,
): Promise<RawConnection> {
  const connection = await openRawConnection(port);
  connection.write(
    requestHead('POST', path, {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(length),
    }),
  );
  connection.write(sent);
  return connection;
}

/**
 * The attack: more connections than HTTP_CONCURRENCY (4) send their headers and then trickle their bodies. A slot
 * is taken only once a body has arrived, so they hold none, and everyone else is answered. Without that, they held
 * every slot and the server answered nobody.
 */
describe('slow clients cannot stall the API', () => {
  let sut: TestApp;
  let port: number;
  beforeAll(async () => {
    sut = await createTestApp({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    port = await listenLocally(sut.app);
  });
  afterAll(() => sut?.close());

  it('answers sign-in, health, a check-in and reads while more than HTTP_CONCURRENCY connections trickle their bodies', async () => {
    const member = await signUpViaApi(sut);
    const person = await createTestUserWithContacts(sut, 'Jane Doe', [{ phone: '+12015550141' }]);
    const checkIn = await startCheckIn(sut, person, 10);
    const uploader = await createTestUser(sut, 'Uploader');
    const slow = [
      ...(await Promise.all(
        Array.from({ length: 6 }, () => slowBody(port, '/api/auth/token?grant_type=password')),
      )),
      // Signed-in uploads too: their token is checked on arrival, their session only once the body is in.
      ...(await Promise.all(
        Array.from({ length: 2 }, () => slowBody(port, '/api/locations', uploader.headers, '{"readings":[')),
      )),
    ];
    expect(sut.config.http.concurrency).toBeLessThan(slow.length);
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0, arriving: slow.length }),
      patiently,
    );
    for (const connection of slow) connection.write(' '); // still trickling

    const signIn = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get(sut, '/api/health')).statusCode).toBe(200);
    expect((await post(sut, `/api/checkins/${checkIn.id}/check-in`, person)).statusCode).toBe(200);
    expect((await get(sut, '/api/profile', uploader)).statusCode).toBe(200);
    expect(sut.app.admissionLoad().arriving).toBe(slow.length);

    for (const connection of slow) connection.socket.destroy();
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0, arriving: 0 }),
      patiently,
    );
  });

  it('answers a caller of a signed-in route without a valid token 401 before its body has arrived', async () => {
    const callers: Array<Record<string, string>> = [{}, { authorization: 'Bearer forged.token.here' }];
    for (const headers of callers) {
      const connection = await slowBody(port, '/api/locations', headers, '');
      const answer = await connection.nextResponse();
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        401,
        { error: 'not_authenticated', message: ERRORS.notAuthenticated },
      ]);
      connection.socket.destroy();
    }
  });
});

/**
 * With room for one ordinary request, a request whose handler waits on a provider that does not answer holds the
 * only slot: ordinary requests wait behind it; an SOS, the health check and a person's own journey actions do not.
 * No timing: what is waiting cannot answer until the slot is freed.
 */
describe('HTTP admission', () => {
  let overpass: FakeOverpass;
  let sut: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    overpass = await startFakeOverpass('slow');
    sut = await createTestApp({
      HTTP_CONCURRENCY: '1',
      ALERT_FIRST_ATTEMPT_WAIT_MS: '0',
      OVERPASS_URL: overpass.url,
      OVERPASS_TIMEOUT_MS: '30000',
    });
    user = await createTestUser(sut);
    await addContact(sut, user, '+12015550125');
  });
  afterAll(async () => {
    await overpass?.close();
    await sut?.close();
  });

  it("lets an SOS, the health check and a person's own journey actions through while ordinary requests wait, and frees every slot afterwards", async () => {
    const walker = await createTestUserWithContacts(sut, 'Walker', [{ phone: '+12015550142' }]);
    const checkIn = await startCheckIn(sut, walker, 10);
    const escort = await startEscort(sut, walker);
    let nearbyAnswered = false;
    const nearby = post(sut, '/api/nearby-places', user, { lat: 40.7128, lng: -74.006 }).then(
      (res) => ((nearbyAnswered = true), res),
    );
    await vi.waitFor(() => expect(overpass.requests).toHaveLength(1), patiently);
    expect(sut.app.admissionLoad()).toMatchObject({ running: 1, waiting: 0 });
    let readAnswered = false;
    const read = get(sut, '/api/profile', user).then((res) => ((readAnswered = true), res));
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toMatchObject({ running: 1, waiting: 1 }),
      patiently,
    );

    expect((await raiseAlert(sut, user)).statusCode).toBe(201);
    expect((await get(sut, '/api/health')).statusCode).toBe(200);
    expect((await post(sut, `/api/checkins/${checkIn.id}/check-in`, walker)).statusCode).toBe(200);
    expect(
      (await post(sut, `/api/escort-sessions/${escort.id}/extend`, walker, { minutes: 5 })).statusCode,
    ).toBe(200);
    expect((await post(sut, `/api/escort-sessions/${escort.id}/complete`, walker)).statusCode).toBe(200);
    expect((await post(sut, `/api/checkins/${checkIn.id}/stop`, walker)).statusCode).toBe(200);
    expect([nearbyAnswered, readAnswered]).toEqual([false, false]);

    await overpass.close(); // the provider's connection drops: the bundled samples answer
    expect((await nearby).statusCode).toBe(200);
    expect((await read).statusCode).toBe(200);
    await vi.waitFor(
      () => expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0, arriving: 0 }),
      patiently,
    );
    // The slot is free again: requests, including refused ones, keep being answered one after another.
    for (const url of ['/api/profile', '/api/contacts/not-an-id', '/api/nothing-here']) {
      const res = await sut.app.inject({
        method: url.includes('contacts') ? 'DELETE' : 'GET',
        url,
        headers: user.headers,
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

/**
 * An SOS held open by a provider that does not answer pauses ordinary requests only for a while: a read sent
 * during it is answered while the SOS is still open (it would wait for the SOS if the pause had no limit).
 */
describe('HTTP admission during a long SOS', () => {
  const HANGING_NUMBER = '+12015550126';
  let fake: FakeTwilio;
  let sut: TestApp;
  beforeAll(async () => {
    fake = await startFakeTwilio((request) => (request.to === HANGING_NUMBER ? 'hang' : acceptedReply()));
    sut = await createTestApp({
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'test-auth-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: fake.url,
      SMS_TIMEOUT_MS: '60000',
      ALERT_FIRST_ATTEMPT_WAIT_MS: '60000',
    });
  });
  afterAll(async () => {
    await fake?.close();
    await sut?.close();
  });

  it('answers ordinary requests while an SOS waits on its provider', async () => {
    const user = await createTestUser(sut);
    await addContact(sut, user, HANGING_NUMBER);
    let sosAnswered = false;
    const sos = raiseAlert(sut, user).then((res) => ((sosAnswered = true), res));
    await fake.waitForRequests(1);

    const read = await sut.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(read.statusCode).toBe(200);
    expect(sosAnswered).toBe(false);

    await fake.close();
    expect((await sos).statusCode).toBe(201);
  });
});

/**
 * One client address (IPv6: its /64) may have HTTP_MAX_IN_FLIGHT_PER_ADDRESS ordinary requests in flight; one more
 * answers 429 at once. Never the SOS, the health check or a person's own journey actions (those are counted per
 * account), so another client behind the same address cannot get them refused.
 */
describe('requests in flight per client address', () => {
  let sut: TestApp;
  let port: number;
  beforeAll(async () => {
    sut = await createTestApp({ HTTP_MAX_IN_FLIGHT_PER_ADDRESS: '3', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    port = await listenLocally(sut.app);
  });
  afterAll(() => sut?.close());

  /** Requests from `remoteAddress` whose bodies never finish, held in the server until `release`. */
  const holdFrom = async (remoteAddress: string, count: number) => {
    const bodies = Array.from({ length: count }, () => new PassThrough());
    const answers = bodies.map((body) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        headers: { 'content-type': 'application/json', 'content-length': '100' },
        payload: body,
        remoteAddress,
      }),
    );
    for (const body of bodies) body.write('{"email":');
    // Ending a body short of its Content-Length ends the exchange (400).
    return { answers, release: () => bodies.forEach((body) => body.end()) };
  };

  it('refuses the next ordinary request from a busy address with 429 and Retry-After, and no one else', async () => {
    const person = await createTestUserWithContacts(sut, 'Jane Doe', [{ phone: '+12015550143' }]);
    const checkIn = await startCheckIn(sut, person, 30);
    const escort = await startEscort(sut, person);
    const other = await createTestUser(sut, 'Other');
    const slow = await Promise.all(Array.from({ length: 3 }, () => slowBody(port, '/api/auth/signup')));
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(3), patiently);

    // The same address (inject's requests come from 127.0.0.1, like the connections above).
    const refused = await get(sut, '/api/profile', other);
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '1']);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: ERRORS.tooManyRequests });
    // Another address is not held back.
    expect((await get(sut, '/api/profile', other, '198.51.100.7')).statusCode).toBe(200);
    // Neither are the SOS, the person's own journey actions and the health check, from the busy address.
    expect((await get(sut, '/api/health')).statusCode).toBe(200);
    expect((await raiseAlert(sut, person)).statusCode).toBe(201);
    expect((await post(sut, `/api/checkins/${checkIn.id}/check-in`, person)).statusCode).toBe(200);
    expect((await post(sut, `/api/escort-sessions/${escort.id}/complete`, person)).statusCode).toBe(200);

    for (const connection of slow) connection.socket.destroy();
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(0), patiently);
    expect((await get(sut, '/api/profile', other)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const other = await createTestUser(sut, 'Other');
    const held = await holdFrom('2001:db8:0:1::1', 3);
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(3), patiently);
    expect((await get(sut, '/api/profile', other, '2001:db8:0:1::ab:cd')).statusCode).toBe(429);
    expect((await get(sut, '/api/profile', other, '2001:db8:0:2::1')).statusCode).toBe(200);
    held.release();
    await Promise.allSettled(held.answers);

    const mapped = await holdFrom('::ffff:203.0.113.20', 3);
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(3), patiently);
    expect((await get(sut, '/api/profile', other, '203.0.113.20')).statusCode).toBe(429);
    mapped.release();
    await Promise.allSettled(mapped.answers);
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(0), patiently);
  });

  it("bounds a person's own journey actions per account: a fifth at once is refused, nobody else's", async () => {
    const person = await createTestUserWithContacts(sut, 'Jane Doe', [{ phone: '+12015550144' }]);
    const neighbour = await createTestUserWithContacts(sut, 'Neighbour', [{ phone: '+12015550145' }]);
    const checkIn = await startCheckIn(sut, person, 30);
    const theirs = await startCheckIn(sut, neighbour, 30);
    const path = `/api/checkins/${checkIn.id}/check-in`;
    const held = await Promise.all(
      Array.from({ length: 4 }, () => slowBody(port, path, person.headers, '{')),
    );
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(4), patiently);

    expect((await post(sut, path, person)).statusCode).toBe(429);
    expect((await post(sut, `/api/checkins/${theirs.id}/check-in`, neighbour)).statusCode).toBe(200);
    for (const connection of held) connection.socket.destroy();
    await vi.waitFor(() => expect(sut.app.admissionLoad().arriving).toBe(0), patiently);
    expect((await post(sut, path, person)).statusCode).toBe(200);
  });
});

/**
 * Time-outs on every connection, configured small here so the test waits for the server's own closing (an
 * event), not for minutes: headers, the whole request, and idle. Long-lived sockets that behave keep working.
 */
describe('connection time-outs', () => {
  let sut: TestApp;
  let port: number;
  let user: TestUser;
  beforeAll(async () => {
    sut = await createTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '200',
      HTTP_REQUEST_TIMEOUT_MS: '300',
      HTTP_IDLE_TIMEOUT_MS: '1500',
      ALERT_FIRST_ATTEMPT_WAIT_MS: '0',
      OVERPASS_TIMEOUT_MS: '100',
    });
    port = await listenLocally(sut.app);
    user = await createTestUser(sut);
  });
  afterAll(() => sut?.close());

  it('closes a connection that sent its headers and then nothing, with 408', async () => {
    const connection = await slowBody(port, '/api/auth/token?grant_type=password', {}, '');
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never finishes its headers, or sends nothing at all', async () => {
    const partial = await openRawConnection(port);
    partial.write('POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty');
    const silent = await openRawConnection(port);
    expect(await partial.closed).toMatch(/^HTTP\/1\.1 408 /);
    await silent.closed;
  });

  it('keeps a realtime WebSocket and a keep-alive connection that behave, and closes the idle one', async () => {
    const socket = await openRawWebSocket(port, `${REALTIME_CHANNEL.path}?access_token=${user.token}`);
    const keepAlive = await openRawConnection(port);
    keepAlive.write(requestHead('GET', '/api/health'));
    expect((await keepAlive.nextResponse()).status).toBe(200);
    await socket.ping();

    // A request time-out passes (the server closes a connection stuck in its request meanwhile)...
    const stuck = await slowBody(port, '/api/auth/signup', {}, '');
    await stuck.closed;
    // ...and the WebSocket, opened before, still answers; the keep-alive connection takes its next request.
    expect(socket.isOpen()).toBe(true);
    await socket.ping();
    keepAlive.write(requestHead('GET', '/api/health'));
    expect((await keepAlive.nextResponse()).status).toBe(200);

    // Left idle, the keep-alive connection is closed by the server; the WebSocket, idle longer, is not.
    await keepAlive.closed;
    expect(socket.isOpen()).toBe(true);
    await socket.ping();
    socket.close();
  });
});
