import { expect, test, type Page } from '@playwright/test';
import {
  addContact,
  countPosts,
  markOnboardingSeen,
  SAVED_ALERT,
  signUp,
  unanswered,
  uniqueEmail,
  waitingInOutbox,
} from './support';

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
type PostedReading = { latitude: number; longitude: number; timestamp: number };

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

function expectNoTwice(route: RoutePoint[]): void {
  const times = route.map((point) => Date.parse(point.recorded_at));
  expect(times.filter((time, index) => times.indexOf(time) !== index)).toEqual([]);
}

test.describe('with the service worker', () => {
  // The app opens offline through its service worker (blocked elsewhere: playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('an SOS raised offline survives a reload while offline and is sent once when back online', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await markOnboardingSeen(page);
    const alertRequests = await countPosts(page, '/api/alerts');
    const positionRequests = await countPosts(page, '/api/locations');
    await signUp(page, 'Olive Outbox', uniqueEmail('outbox'));
    await addContact(page, 'Pat Friend', '+14155550111');
    // Online, positions go straight to the server.
    await expect
      .poll(async () => at(await storedRoute(page), HOME).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // The app opens offline only once its service worker controls the page (reloaded with an empty outbox).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Offline, an SOS: the messaging app is offered and the alert is queued.
    await page.getByRole('link', { name: 'Safety' }).click();
    await expect(page).toHaveURL(/\/sos$/);
    await context.setOffline(true);
    await expect(page.getByText('Offline').first()).toBeVisible();
    await page.getByRole('button', { name: /^SOS/ }).first().click();
    await expect(page.getByText(SAVED_ALERT)).toBeVisible({ timeout: 20_000 });
    expect(await waitingInOutbox(page)).toBeGreaterThan(0);

    // A reload while offline (the service worker serves the app): the alert is still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Emergency SOS', level: 1 })).toBeVisible();
    await expect(page.getByText(SAVED_ALERT)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Alert kept in the dev outbox').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(SAVED_ALERT)).toHaveCount(0);
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBe(0);

    // Exactly once. Nothing is left in the outbox for the retry rule to send again (an item leaves it once the
    // server has answered it), and every alert and position this page sent has been answered: the server holds all
    // it will get.
    expect((await alertRequests()).made).toBeGreaterThan(0);
    await expect
      .poll(async () => (await unanswered(alertRequests)) + (await unanswered(positionRequests)))
      .toBe(0);
    expect((await myTexts(page)).map((text) => text.to)).toEqual(['+14155550111']);
    expect((await apiGet<{ alerts: unknown[] }>(page, '/api/alerts')).alerts).toHaveLength(1);
    expectNoTwice(await storedRoute(page));
  });
});

test.describe('without a service worker', () => {
  // Requests a service worker passes on are not reliably held back by page.route; the positions test needs it to.
  test.use({ serviceWorkers: 'block' });

  test('positions the server missed survive reloads and each arrives once', async ({ page }) => {
    test.setTimeout(120_000);
    await markOnboardingSeen(page);
    const positionRequests = await countPosts(page, '/api/locations');
    await signUp(page, 'Otto Outbox', uniqueEmail('outbox-positions'));
    await expect
      .poll(async () => at(await storedRoute(page), HOME).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBe(0);

    // The server stops taking positions (the phone still thinks it is online): a position taken in each of two
    // page lives waits in the outbox. The first must survive the reload that takes the second.
    const missed = new Map<number, PostedReading>();
    await page.route('**/api/locations', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const { readings } = route.request().postDataJSON() as { readings: PostedReading[] };
      for (const reading of readings) missed.set(reading.timestamp, reading);
      return route.abort('connectionrefused');
    });
    const missedAt = (spot: { latitude: number }): PostedReading[] =>
      [...missed.values()].filter((reading) => reading.latitude === spot.latitude);
    await moveTo(page, FIRST_STOP);
    await expect.poll(() => missedAt(FIRST_STOP).length).toBeGreaterThan(0);
    await moveTo(page, SECOND_STOP);
    await expect.poll(() => missedAt(SECOND_STOP).length).toBeGreaterThan(0);
    expect(await waitingInOutbox(page)).toBeGreaterThanOrEqual(2);

    // The server takes positions again: every reading it missed arrives, once, at the time it was taken.
    await page.unroute('**/api/locations');
    const missedTimes = [...missed.keys()].sort((a, b) => a - b);
    await expect
      .poll(
        async () => {
          const stored = (await storedRoute(page)).map((point) => Date.parse(point.recorded_at));
          return missedTimes.filter((time) => stored.includes(time));
        },
        { timeout: 30_000 },
      )
      .toEqual(missedTimes);
    // Nothing is left in the outbox to send again, and every position this page sent has been answered.
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBe(0);
    expect((await positionRequests()).made).toBeGreaterThan(0);
    await expect.poll(() => unanswered(positionRequests)).toBe(0);
    const route = await storedRoute(page);
    expectNoTwice(route);
    expect(at(route, FIRST_STOP)).toHaveLength(missedAt(FIRST_STOP).length);
    expect(at(route, SECOND_STOP)).toHaveLength(missedAt(SECOND_STOP).length);
  });
});
