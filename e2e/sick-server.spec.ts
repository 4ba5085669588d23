import { expect, test, type Page, type Route } from '@playwright/test';
import { addContact, markOnboardingSeen, signUp, snap, uniqueEmail } from './support';

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
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      // Let the theme's colour transition finish, so the picture shows the settled screen.
      await page.waitForTimeout(500);
      await snap(page, testInfo, `dashboard-server-unavailable-${viewport}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });

  const smsLinks: string[] = [];
  page.on('console', (message) => {
    const match = /sms:[^'"\s]+/.exec(message.text());
    if (match) smsLinks.push(match[0]);
  });
  page.on('request', (request) => {
    if (request.url().startsWith('sms:')) smsLinks.push(request.url());
  });
  await sos.click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  await expect(page.getByText('Online SMS Failed').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => smsLinks.length, { timeout: 5000 }).toBeGreaterThan(0);
  expect(smsLinks[0]).toContain('+14155550106,+14155550107');
  await expect(page.getByText('Alert waiting for a connection')).toBeVisible();
  await snap(page, testInfo, 'sick-server-sos-queued');

  // The server is back: the queued alert goes out by itself (the outbox retries at least every 15 s).
  await page.unroute('**/api/**');
  await expect.poll(() => sentTexts(page), { timeout: 30_000 }).toBe(2);
});

/** Beacon's server is stopped: every request to it is refused, while the phone itself stays online. */
async function stopServer(page: Page): Promise<void> {
  await page.route('**/api/**', (route: Route) => route.abort('connectionrefused'));
}

test('with the server stopped, an SOS from the dashboard takes the offline path and is sent once it is back', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await markOnboardingSeen(page);
  await signUp(page, 'Stan Stopped', uniqueEmail('stopped'));
  await addContact(page, 'Ivy Friend', '+14155550108');

  await stopServer(page);
  await page.reload();
  const sos = page.getByRole('button', { name: /^SOS/ }).first();
  await expect(sos).toBeVisible();
  // The readiness card does not claim a server it cannot reach.
  await expect(page.getByRole('heading', { name: 'System Ready' })).toHaveCount(0);

  const smsLinks: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('sms:')) smsLinks.push(request.url());
  });
  page.on('console', (message) => {
    const match = /sms:[^'"\s]+/.exec(message.text());
    if (match) smsLinks.push(match[0]);
  });
  await sos.click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  await expect(page.getByText('Alert waiting for a connection')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => smsLinks.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(smsLinks[0]).toContain('+14155550108');
  for (const [viewport, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await snap(page, testInfo, `server-stopped-sos-queued-${viewport}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // The server is back: the queued alert goes out by itself, once, and the alert's screen opens.
  await page.unroute('**/api/**');
  await expect.poll(() => sentTexts(page), { timeout: 45_000 }).toBe(1);
  await expect(page.getByTestId('active-alert-screen')).toBeVisible({ timeout: 30_000 });
  await snap(page, testInfo, 'server-stopped-sent-when-back');
});
