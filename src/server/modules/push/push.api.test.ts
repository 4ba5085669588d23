import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TEXTS } from '#shared/push-texts';
import type { PushPayload } from '#shared/schemas/push';
import { ERRORS } from '#shared/texts';
import {
  browserKeys,
  decryptPush,
  type FakePushService,
  startPushService,
} from '../../testing/fake-push-service';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import { createAccessPolicy } from '../../access/policy';
import { createTestApp, createTestAppWithPush, type TestAppWithPush } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { linkGuardian, openSocket, type TestSocket } from '../guardians/guardian-test-helpers';
import { manualClock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { DELIVERY_RETRY } from '../../adapters/channels';
import { DELIVERY_JOB } from '../alerts/delivery-job';
import { createPushService, PUSH_DELIVERY_ERRORS } from './service';

describe('Web Push API', () => {
  let sut: TestAppWithPush;
  let push: FakePushService;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    sut = await createTestAppWithPush({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    push = sut.push;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await sut?.close();
  });

  const subscribe = (user: TestUser, endpoint: string, keys = browserKeys().keys) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint, keys, expirationTime: null },
    });
  const raiseWardAlert = async (user: TestUser): Promise<string> => {
    await addContact(sut, user, '+447400123456');
    const res = await raiseAlert(sut, user, {
      triggerType: 'manual',
      location: { latitude: 51.5, longitude: -0.12 },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ alert: { id: string } }>().alert.id;
  };
  it('serves a stable VAPID public key (a P-256 point) without sign-in', async () => {
    const first = await sut.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const { rows } = await sut.db.query<{ value: string }>(
      "SELECT value FROM server_secrets WHERE name = 'vapid-keys'",
    );
    expect(JSON.parse(rows[0]!.value)).toMatchObject({ publicKey });
  });

  it('pushes a ward’s alert, encrypted and VAPID-signed, to every active guardian’s browsers only', async () => {
    const ward = await createTestUser(sut, 'Alice Ward');
    const guardian = await createTestUser(sut);
    const pendingGuardian = await createTestUser(sut);
    await linkGuardian(sut, guardian, ward, 'active');
    await linkGuardian(sut, pendingGuardian, ward, 'pending');

    const browser = browserKeys();
    expect((await subscribe(guardian, push.url('/guardian-phone'), browser.keys)).statusCode).toBe(204);
    // Subscribing again is an upsert, not a second row.
    expect((await subscribe(guardian, push.url('/guardian-phone'), browser.keys)).statusCode).toBe(204);
    expect((await subscribe(guardian, push.url('/guardian-laptop'))).statusCode).toBe(204);
    expect((await subscribe(pendingGuardian, push.url('/pending-phone'))).statusCode).toBe(204);
    expect((await subscribe(ward, push.url('/ward-phone'))).statusCode).toBe(204);
    const guardianSocket = await openSocket(sut.app, { user: guardian });
    sockets.push(guardianSocket);

    const alertId = await raiseWardAlert(ward);
    // Every delivery job the alert woke has run: what the push service got is all it will get.
    await sut.app.idle();
    expect(push.received.map((request) => request.path).sort()).toEqual([
      '/guardian-laptop',
      '/guardian-phone',
    ]);

    const request = push.received.find((r) => r.path === '/guardian-phone')!;
    const { publicKey } = (await sut.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json<{
      publicKey: string;
    }>();
    expect(request.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.urgency).toBe('high');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(request.body, browser)) as PushPayload;
    expect(payload).toEqual({
      title: PUSH_TEXTS.alertTitle('Alice Ward'),
      body: PUSH_TEXTS.alertBody('Alice Ward'),
      url: `/guardian/wards#ward-${ward.id}`,
      tag: `alert-${alertId}`,
      // The answer buttons, with this guardian's own token (push-answer.api.test.ts).
      respond: expect.objectContaining({ token: expect.stringMatching(/^bar1_/) }),
    });

    // The same alert reaches the guardian's open app over the realtime channel.
    expect(await guardianSocket.waitFor((m) => m.type === 'alert.created')).toMatchObject({
      user_id: ward.id,
      payload: { id: alertId, trigger_type: 'manual' },
    });
    await guardianSocket.waitFor(
      (m) => m.type === 'alert.delivery_updated' && m.payload.alert_id === alertId,
    );
  });

  it('deletes a subscription the push service says is gone (404/410), keeps one that failed otherwise', async () => {
    const ward = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    await linkGuardian(sut, guardian, ward, 'active');
    push.statusFor.set('/gone', 410).set('/unknown', 404).set('/busy', 503);
    for (const path of ['/gone', '/unknown', '/busy']) {
      expect((await subscribe(guardian, push.url(path))).statusCode).toBe(204);
    }
    const before = push.received.length;
    await raiseWardAlert(ward);
    await sut.app.idle();
    expect(
      push.received
        .slice(before)
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/busy', '/gone', '/unknown']);
    const { rows } = await sut.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1',
      [guardian.id],
    );
    expect(rows.map((row) => row.endpoint)).toEqual([push.url('/busy')]);
  });

  it('removes only the caller’s own subscription and validates the body', async () => {
    const user = await createTestUser(sut);
    const other = await createTestUser(sut);
    await subscribe(user, push.url('/mine'));
    const count = async (): Promise<number> =>
      (await sut.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [user.id])).rows.length;

    const byOther = await sut.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: other.headers,
      payload: { endpoint: push.url('/mine') },
    });
    expect(byOther.statusCode).toBe(204);
    expect(await count()).toBe(1);
    const own = await sut.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: push.url('/mine') },
    });
    expect(own.statusCode).toBe(204);
    expect(await count()).toBe(0);

    for (const payload of [
      {},
      { endpoint: 'not a url', keys: browserKeys().keys },
      { endpoint: 'ftp://push.example/x', keys: browserKeys().keys },
      { endpoint: push.url('/x'), keys: { p256dh: 'short', auth: 'x' } },
      { endpoint: push.url('/x'), keys: { p256dh: 'has spaces in it!', auth: 'abcdefghij' } },
    ]) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: user.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        message: PUSH_TEXTS.invalidSubscription,
      });
    }
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await sut.app.inject({ method, url: '/api/push/subscriptions', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ERRORS.notAuthenticated);
    }
  });

  it('never moves one person’s endpoint to another account: 409, and the owner keeps it', async () => {
    const owner = await createTestUser(sut);
    const intruder = await createTestUser(sut);
    const endpoint = push.url('/owners-browser');
    const ownerKeys = browserKeys().keys;
    expect((await subscribe(owner, endpoint, ownerKeys)).statusCode).toBe(204);

    const claimed = await subscribe(intruder, endpoint);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ error: 'conflict', message: PUSH_TEXTS.subscriptionTaken });
    const { rows } = await sut.db.query<{ user_id: string; p256dh: string }>(
      'SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = $1',
      [endpoint],
    );
    expect(rows).toEqual([{ user_id: owner.id, p256dh: ownerKeys.p256dh }]);
    // The owner may still renew their own subscription's keys.
    const renewed = browserKeys().keys;
    expect((await subscribe(owner, endpoint, renewed)).statusCode).toBe(204);
    const after = await sut.db.query<{ user_id: string; p256dh: string }>(
      'SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = $1',
      [endpoint],
    );
    expect(after.rows).toEqual([{ user_id: owner.id, p256dh: renewed.p256dh }]);
  });

  it('accepts only the browsers’ push services unless told otherwise (a subscription is a URL we call)', async () => {
    const user = await createTestUser(sut);
    const service = createPushService({
      db: sut.db,
      clock: sut.clock,
      access: createAccessPolicy({ db: sut.db, clock: sut.clock }),
      publicKey: 'k',
      allowAnyEndpoint: false,
    });
    const auth = { userId: user.id, sessionId: '', email: user.email };
    const keys = browserKeys().keys;
    for (const endpoint of [
      push.url('/x'),
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/x',
      // Hosts of the same companies that are not push services (some serve anyone's content).
      'https://storage.googleapis.com/bucket/x',
      'https://evil.mozilla.com/x',
      'https://anything.push.apple.com/x',
      // Look-alikes, other ports, a user name, a nested Windows host.
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com./x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/?token=x',
      'https://a.b.notify.windows.com/w/?token=x',
    ]) {
      await expect(service.subscribe(auth, { endpoint, keys })).rejects.toMatchObject({
        code: 'validation_failed',
        message: PUSH_TEXTS.invalidSubscription,
      });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      // The default port written out is still the default port.
      'https://fcm.googleapis.com:443/fcm/send/def',
    ]) {
      await expect(service.subscribe(auth, { endpoint, keys })).resolves.toBeUndefined();
    }
  });
});

describe('a guardian’s push is a durable delivery', () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  let db: Database;
  const clock = manualClock(new Date());
  const env = { PUSH_ALLOW_ANY_ENDPOINT: 'true', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' };
  beforeAll(async () => {
    push = await startPushService();
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await new Promise((resolve) => push?.server.close(resolve));
  });

  type PushRow = { status: string; attempts: number; last_error: string | null };
  const pushDelivery = async (alertId: string): Promise<PushRow | undefined> =>
    (
      await db.query<PushRow>(
        "SELECT status, attempts, last_error FROM alert_deliveries WHERE alert_id = $1 AND channel = 'push'",
        [alertId],
      )
    ).rows[0];

  it('is recorded, retried with backoff after the push service fails, and sent by the next instance', async () => {
    const first = await createTestApp(env, { db, clock });
    const ward = await createTestUser(first, 'Wendy Ward');
    const guardian = await createTestUser(first);
    await linkGuardian(first, guardian, ward, 'active');
    push.statusFor.set('/flaky', 503);
    const subscribed = await first.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: guardian.headers,
      payload: { endpoint: push.url('/flaky'), keys: browserKeys().keys },
    });
    expect(subscribed.statusCode).toBe(204);
    await addContact(first, ward, '+447400123456');
    const raised = await raiseAlert(first, ward);
    expect(raised.statusCode).toBe(201);
    const alertId = raised.json<{ alert: { id: string } }>().alert.id;
    // Written with the alert, before anything is sent; the person's own view lists only texts to contacts.
    expect(
      raised.json<{ deliveries: Array<{ channel: string }> }>().deliveries.map((d) => d.channel),
    ).toEqual(['sms']);

    await first.app.scheduler.runNow(DELIVERY_JOB);
    expect(await pushDelivery(alertId)).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: PUSH_DELIVERY_ERRORS.notDelivered,
    });
    expect(push.received.filter((r) => r.path === '/flaky')).toHaveLength(1);
    // The instance goes away before the retry is due.
    await first.close();

    push.statusFor.delete('/flaky');
    const second = await createTestApp(env, { db, clock });
    try {
      await second.app.scheduler.runNow(DELIVERY_JOB);
      expect(push.received.filter((r) => r.path === '/flaky')).toHaveLength(1); // not due yet
      clock.advance(DELIVERY_RETRY.backoffMs[0]! * 1.2 + 1);
      await second.app.scheduler.runNow(DELIVERY_JOB);
      expect(await pushDelivery(alertId)).toEqual({ status: 'sent', attempts: 2, last_error: null });
      expect(push.received.filter((r) => r.path === '/flaky')).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
