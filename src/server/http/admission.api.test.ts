import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptedReply, startFakeTwilio, type FakeTwilio } from '../adapters/sms/fake-twilio-server';
import { addContact, raiseAlert } from '../testing/test-alerts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser, type TestUser } from '../testing/test-users';

/**
 * With room for one ordinary request, one upload whose body is still arriving holds the only slot: ordinary
 * requests wait behind it, an SOS does not. No timing: what is waiting cannot answer until the slot is freed.
 */
describe('HTTP admission', () => {
  let sut: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    sut = await createTestApp({ HTTP_CONCURRENCY: '1', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    user = await createTestUser(sut);
    await addContact(sut, user, '+12015550125');
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lets an SOS through while ordinary requests wait for a slot, and frees every slot afterwards', async () => {
    // A real connection, so the request is in the server (and holds its slot) while its body has not all arrived.
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = sut.app.server.address() as AddressInfo;
    const uploadRequest = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/locations',
      headers: { ...user.headers, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const upload = new Promise<IncomingMessage>((resolve, reject) => {
      uploadRequest.on('response', resolve).on('error', reject);
    });
    uploadRequest.write('{"latitude": 51.5,');
    const patiently = { timeout: 15_000, interval: 20 };
    await vi.waitFor(() => expect(sut.app.admissionLoad()).toEqual({ running: 1, waiting: 0 }), patiently);
    let readAnswered = false;
    const read = sut.app
      .inject({ method: 'GET', url: '/api/profile', headers: user.headers })
      .then((res) => ((readAnswered = true), res));
    await vi.waitFor(() => expect(sut.app.admissionLoad()).toEqual({ running: 1, waiting: 1 }), patiently);

    const sos = await raiseAlert(sut, user);
    expect(sos.statusCode).toBe(201);
    expect(readAnswered).toBe(false);

    uploadRequest.end('"longitude": -0.12}');
    const uploaded = await upload;
    uploaded.resume();
    expect(uploaded.statusCode).toBe(200);
    expect((await read).statusCode).toBe(200);
    await vi.waitFor(() => expect(sut.app.admissionLoad()).toEqual({ running: 0, waiting: 0 }), patiently);
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
