import { expect, test, type Page } from '@playwright/test';
import { addContact, markOnboardingSeen, signUp, uniqueEmail } from './support';

/**
 * The device outbox (src/client/lib/outbox): an SOS raised offline and positions the server could not take wait
 * in IndexedDB through reloads, and reach the server exactly once when the connection returns.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974 };
const FIRST_STOP = { latitude: 40.73061, longitude: -73.935242 };
const SECOND_STOP = { latitude: 40.758896, longitude: -73.98513 };

test.use({ geolocation: HOME, permissions: ['geolocation'] });

/** A signed-in GET from inside the page (the person's own token). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
      access_token?: string;
    };
    const res = await fetch(url, { headers: { authorization: `Bearer ${session.access_token}` } });
    return (await res.json()) as T;
  }, path) as Promise<T>;
}

type RoutePoint = { latitude: number; longitude: number; recorded_at: string };

async function storedRoute(page: Page): Promise<RoutePoint[]> {
  return (await apiGet<{ route: RoutePoint[] }>(page, '/api/locations/route')).route;
}

function at(route: RoutePoint[], spot: { latitude: number; longitude: number }): RoutePoint[] {
  return route.filter(
    (point) =>
      Math.abs(point.latitude - spot.latitude) < 1e-6 && Math.abs(point.longitude - spot.longitude) < 1e-6,
  );
}

async function myTexts(page: Page): Promise<Array<{ to: string }>> {
  const userId = await page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as { user?: { id: string } })
        .user?.id,
  );
  const { messages } = await apiGet<{ messages: Array<{ to: string; user_id: string }> }>(
    page,
    '/api/dev/sms-outbox',
  );
  return messages.filter((message) => message.user_id === userId);
}

/** Chromium's emulated position does not wake a running watcher: a reload starts a new one, which reads it. */
async function moveTo(page: Page, spot: { latitude: number; longitude: number }): Promise<void> {
  await page.context().setGeolocation(spot);
  await page.reload();
}

test('an SOS raised offline and positions the server missed survive reloads and arrive once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await markOnboardingSeen(page);
  await signUp(page, 'Olive Outbox', uniqueEmail('outbox'));
  await addContact(page, 'Pat Friend', '+14155550111');
  // Online, the first position goes straight to the server.
  await expect.poll(async () => at(await storedRoute(page), HOME).length, { timeout: 30_000 }).toBe(1);
  // The app works offline only once its service worker controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The server stops taking positions (the phone still thinks it is online): two positions, each taken in its
  // own page life, wait in the outbox. The first must survive the reload that takes the second.
  const locationPosts: string[] = [];
  await page.route('**/api/locations', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    locationPosts.push(route.request().postData() ?? '');
    return route.abort('connectionrefused');
  });
  await moveTo(page, FIRST_STOP);
  await expect
    .poll(() => locationPosts.some((body) => body.includes(String(FIRST_STOP.latitude))))
    .toBe(true);
  await moveTo(page, SECOND_STOP);
  await expect
    .poll(() => locationPosts.some((body) => body.includes(String(SECOND_STOP.latitude))))
    .toBe(true);

  // Offline, an SOS: the messaging app is offered and the alert is queued.
  await page.getByRole('link', { name: 'Safety' }).click();
  await expect(page).toHaveURL(/\/sos$/);
  await context.setOffline(true);
  await expect(page.getByText('Offline').first()).toBeVisible();
  await page.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(page.getByText('Online SMS Failed').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Alert waiting for a connection')).toBeVisible();

  // A reload while offline (the service worker serves the app): the alert is still waiting.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Emergency SOS', level: 1 })).toBeVisible();
  await expect(page.getByText('Alert waiting for a connection')).toBeVisible();

  // Back online, and the server takes positions again.
  await page.unroute('**/api/locations');
  await context.setOffline(false);
  await expect(page.getByText('Emergency Alert Sent').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Alert waiting for a connection')).toHaveCount(0);
  await expect
    .poll(async () => {
      const route = await storedRoute(page);
      return [at(route, FIRST_STOP).length, at(route, SECOND_STOP).length];
    })
    .toEqual([1, 1]);

  // Nothing sent twice, even after the retry rule has had time to run again.
  await page.waitForTimeout(3000);
  expect((await myTexts(page)).map((text) => text.to)).toEqual(['+14155550111']);
  expect((await apiGet<{ alerts: unknown[] }>(page, '/api/alerts')).alerts).toHaveLength(1);
  const route = await storedRoute(page);
  expect([at(route, HOME).length, at(route, FIRST_STOP).length, at(route, SECOND_STOP).length]).toEqual([
    1, 1, 1,
  ]);
});
