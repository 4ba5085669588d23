import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { browserKeys, decryptPush, startPushService } from '../src/server/testing/fake-push-service';
import { addContact, personIn, snap } from './support';

/**
 * Headless Chromium has no push service, so `pushManager.subscribe` is replaced by one that hands out a
 * subscription to a stand-in push service run by this test (with keys the test holds). Everything else is real:
 * the opt-in switch, the server's encrypted VAPID push, and the service worker that shows the notification (fed
 * the pushed message through the DevTools protocol, as the browser's push service would).
 */
async function fakeSubscriptionIn(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = (): PushSubscription =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        getKey: () => null,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe() {
      current = make();
      return current;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}

/** The guardian makes a code, the ward redeems it, the guardian approves. */
async function link(guardian: Page, ward: Page, wardName: string): Promise<void> {
  await guardian.goto('/guardian');
  await guardian.getByRole('button', { name: 'Generate Invite Code' }).click();
  const item = guardian.getByRole('listitem', { name: /^Invite code [A-Z0-9]{8}$/ }).first();
  const code = ((await item.getAttribute('aria-label')) ?? '').slice(-8);
  await ward.goto('/guardian');
  await ward.getByRole('textbox', { name: 'Invite code' }).fill(code);
  await ward.getByRole('button', { name: 'Send Request' }).click();
  await guardian.getByRole('button', { name: `Approve ${wardName}` }).click();
  await expect(guardian.getByRole('region', { name: 'People I Guard' }).getByText(wardName)).toBeVisible();
}

// The service worker shows the notification, this test's subject (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test("a ward's SOS reaches the guardian as a notification with Beacon closed, and it opens the guardian view", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const pushService = await startPushService();
  const keys = browserKeys();
  const guardianContext = await browser.newContext({ permissions: ['notifications'] });
  await fakeSubscriptionIn(guardianContext, {
    endpoint: pushService.url('/guardian-phone'),
    keys: keys.keys,
  });
  const wardContext = await browser.newContext({
    geolocation: { latitude: 51.507351, longitude: -0.127758 },
    permissions: ['geolocation'],
  });
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'push-guardian');
  const ward = await personIn(wardContext, 'Walt Ward', 'push-ward');
  await link(guardian, ward, 'Walt Ward');

  // The guardian turns alerts on for this device.
  const optIn = guardian.getByRole('switch', { name: 'Get alerts when Beacon is closed' });
  await optIn.click();
  await expect(guardian.getByText('Alerts turned on').first()).toBeVisible();
  await expect(optIn).toBeChecked();
  await snap(guardian, testInfo, 'push-01-opted-in');

  // Beacon is closed on the guardian's device: no Beacon page is open.
  const cdp = await guardianContext.newCDPSession(guardian);
  await guardian.goto('about:blank');

  await ward.goto('/');
  await addContact(ward, 'Nia Neighbour', '+14155550199');
  await ward.getByRole('link', { name: 'Safety' }).click();
  await ward.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(ward.getByText('Alert kept in the dev outbox').first()).toBeVisible({ timeout: 25_000 });

  // The server pushed it, encrypted for this browser, to its push service.
  await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const pushed = pushService.received[0]!;
  expect(pushed.path).toBe('/guardian-phone');
  expect(pushed.headers.urgency).toBe('high');
  const message = decryptPush(pushed.body, keys);
  const payload = JSON.parse(message) as { title: string; body: string; url: string; tag: string };
  expect(payload.title).toBe('Emergency alert from Walt Ward');
  expect(payload.url).toMatch(/^\/guardian\/wards#ward-[0-9a-f-]{36}$/);

  // The push service hands it to the browser's service worker, which shows a notification.
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const origin = new URL(baseURL!).origin;
  const registration = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: message,
  });

  // Opening the notification opens its page: the guardian view, with the alert and its text statuses.
  const viewer = await guardianContext.newPage();
  await viewer.goto('/splash');
  const shown = await viewer.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    const notifications = await ready.getNotifications();
    return notifications.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
  });
  expect(shown).toEqual([{ title: payload.title, body: payload.body, url: `${origin}${payload.url}` }]);
  await viewer.goto(shown[0]!.url);
  const banner = viewer.getByRole('alert', { name: 'Emergency alert from Walt Ward' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByRole('listitem', { name: 'Nia Neighbour: Not sent (dev outbox)' })).toBeVisible();
  await expect(viewer.getByRole('article', { name: 'Walt Ward' })).toBeInViewport();
  await snap(viewer, testInfo, 'push-02-opened-from-notification');

  await Promise.all([guardianContext.close(), wardContext.close()]);
  await new Promise((resolve) => pushService.server.close(resolve));
});
