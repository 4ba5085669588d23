import { expect, test, type Page, type Route, type WebSocketRoute } from '@playwright/test';
import {
  addContact,
  catchMessagingApp,
  markOnboardingSeen,
  SAVED_ALERT,
  showScheme,
  signUp,
  snap,
  snapAll,
  uniqueEmail,
} from './support';

/**
 * The server answers every API request with 503 (its database is down): the signed-in person keeps the dashboard
 * and its SOS button, with a notice, and an SOS opens the sms: composer with the saved contacts and queues the
 * alert, which goes out once the server answers again (docs/PRODUCT.md#dashboard, docs/decisions/016).
 */
test.use({
  geolocation: { latitude: 40.712776, longitude: -74.005974 },
  permissions: ['geolocation'],
  // A phone, so the messaging app counts as available; no service worker, so page.route sees every request.
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36',
  serviceWorkers: 'block',
});

const DEGRADED = { status: 'degraded', version: '1.0.0', database: 'pglite', databaseStatus: 'unavailable' };
const NOTICE = "Beacon's server can't be reached";
const UNAVAILABLE = { error: 'service_unavailable', message: 'The database is unavailable.' };

/** Every /api request answers 503, as a server whose database is down does. */
async function breakServer(page: Page): Promise<void> {
  await page.route('**/api/**', (route: Route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      headers: { 'retry-after': '5' },
      body: JSON.stringify(route.request().url().endsWith('/api/health') ? DEGRADED : UNAVAILABLE),
    }),
  );
}

/** How many contacts the phone's offline copy (for an SOS without the server) holds. */
async function offlineContactCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
      user?: { id: string };
    };
    const copy = JSON.parse(
      window.localStorage.getItem(`beacon-offline-emergency-data:${session.user?.id}`) ?? '{}',
    ) as { contacts?: unknown[] };
    return copy.contacts?.length ?? 0;
  });
}

/** This person's texts in the dev SMS outbox. */
async function sentTexts(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
      access_token?: string;
      user?: { id: string };
    };
    const res = await fetch('/api/dev/sms-outbox', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    const { messages } = (await res.json()) as { messages: Array<{ user_id: string }> };
    return messages.filter((message) => message.user_id === session.user?.id).length;
  });
}

test('with the server answering 503 the dashboard keeps its SOS: sms: composer, queued alert, sent once it is back', async ({
  page,
}, testInfo) => {
  // Sign-up, two contacts, a countdown and the outbox's retry after the server is back: longer than most tests.
  test.setTimeout(300_000);
  await markOnboardingSeen(page);
  const smsLinks = await catchMessagingApp(page);
  await signUp(page, 'Fay Sickserver', uniqueEmail('sick'));
  await addContact(page, 'Gil Friend', '+14155550106');
  await addContact(page, 'Hal Friend', '+14155550107');
  // The copy kept on the phone for an offline SOS names both before the server goes away.
  await expect.poll(() => offlineContactCount(page)).toBe(2);

  await breakServer(page);
  await page.reload();
  const notice = page.getByRole('status', { name: "Beacon's server can't be reached", exact: true });
  // The health check is retried twice before it counts as failing, and the notice is loaded on demand.
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Backend Configuration Required')).toHaveCount(0);
  const sos = page.getByRole('button', { name: /^SOS/ }).first();
  await expect(sos).toBeVisible();
  for (const [viewport, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await showScheme(page, scheme);
      await snap(page, testInfo, `dashboard-server-unavailable-${viewport}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });

  await sos.click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  await expect(page.getByText(SAVED_ALERT)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  await expect.poll(() => smsLinks.length, { timeout: 5000 }).toBeGreaterThan(0);
  expect(smsLinks[0]).toContain('+14155550106,+14155550107');
  await snap(page, testInfo, 'sick-server-sos-queued');

  // The server is back: the queued alert goes out by itself (the outbox retries at least every 15 s).
  await page.unroute('**/api/**');
  await expect.poll(() => sentTexts(page), { timeout: 30_000 }).toBe(2);
});

/**
 * Beacon's server as the page sees it, which a test can stop after the page loaded: its realtime socket goes
 * through Playwright (closed, and new ones refused, while stopped) and every API request is refused while stopped,
 * as for a server whose process ended. The shared e2e server itself keeps running for the other tests.
 */
async function stoppableServer(page: Page) {
  let stopped = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/realtime/, (socket) => {
    if (stopped) {
      void socket.close({ code: 1001 });
      return;
    }
    socket.connectToServer();
    sockets.push(socket);
  });
  return {
    async stop(): Promise<void> {
      stopped = true;
      await page.route('**/api/**', (route: Route) => route.abort('connectionrefused'));
      await Promise.all(sockets.splice(0).map((socket) => socket.close({ code: 1001 })));
    },
    async start(): Promise<void> {
      stopped = false;
      await page.unroute('**/api/**');
    },
  };
}

test('a server stopped after the page loaded is noticed within 15 s; an SOS then says one calm thing and is sent once it is back', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await markOnboardingSeen(page);
  const smsLinks = await catchMessagingApp(page);
  const server = await stoppableServer(page);
  await signUp(page, 'Stan Stopped', uniqueEmail('stopped'));
  await addContact(page, 'Ivy Friend', '+14155550108');
  const network = page.getByTestId('network-status');
  await expect(network).toHaveText('Connected');

  // The server stops while the dashboard is open: its socket closes, and the health check asked then fails.
  await server.stop();
  await expect(page.getByRole('status', { name: NOTICE, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(network).toHaveText('No Server');
  await expect(page.getByRole('heading', { name: 'System Ready' })).toHaveCount(0);
  // The notice sits above the header; adding the contact scrolled the dashboard down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAll(page, testInfo, 'server-gone');

  const sos = page.getByRole('button', { name: /^SOS/ }).first();
  await sos.click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  await expect(page.getByTestId('saved-alert-panel').getByRole('status')).toContainText(SAVED_ALERT, {
    timeout: 30_000,
  });
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  await expect.poll(() => smsLinks.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(smsLinks[0]).toContain('+14155550108');
  await snap(page, testInfo, 'server-stopped-sos-saved-phone');

  // The server is back: the notice leaves, and the saved alert goes out by itself, once; its screen opens.
  await server.start();
  await expect.poll(() => sentTexts(page), { timeout: 45_000 }).toBe(1);
  await expect(page.getByTestId('active-alert-screen')).toBeVisible({ timeout: 30_000 });
  await snap(page, testInfo, 'server-stopped-sent-when-back');
});
