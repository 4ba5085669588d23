import { expect, test, type Page, type Response } from '@playwright/test';
import { api, markOnboardingSeen, signUp, snapAll, uniqueEmail, waitingInOutbox } from './support';

/**
 * The position during and after an SOS: a phone that reloaded without a connection still shares it once the alert
 * reaches the server, a fresh one every few seconds even lying still; and the tracking link the text carried
 * shows no position once the person said they are safe.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974 };
const LATER = { latitude: 40.73061, longitude: -73.935242 };
test.use({ geolocation: HOME, permissions: ['geolocation'] });

type Upload = { stored: number; checked: number; sharing: boolean };

/** Every answer to a position upload from now on, as the server gave it. */
function recordUploads(page: Page): Upload[] {
  const uploads: Upload[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().endsWith('/api/locations') || !response.ok()) return;
    void response
      .json()
      .then((body: Upload) => uploads.push(body))
      .catch(() => undefined);
  });
  return uploads;
}

/** The tracking code the person's newest SOS text carried (the dev SMS outbox lists everyone's). */
async function trackingCodeTexted(page: Page, userId: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = await api<{ messages: Array<{ body: string; user_id: string }> }>(
        page,
        'GET',
        '/api/dev/sms-outbox',
      );
      const mine = messages.filter((message) => message.user_id === userId);
      code = mine
        .map((message) => /\/track\/([0-9a-f-]{36})/.exec(message.body)?.[1])
        .find((found) => found !== undefined);
      return code;
    })
    .toBeDefined();
  return code!;
}

async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as { user: { id: string } })
        .user.id,
  );
}

test.describe('with the service worker', () => {
  // The app opens offline through its service worker (blocked elsewhere: playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('reloaded offline, an SOS sent when the connection returns shares a fresh position every few seconds', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(180_000);
    await markOnboardingSeen(page);
    await signUp(page, 'Olga Offline', uniqueEmail('offline-position'));
    await api(page, 'POST', '/api/contacts', { name: 'Pat Friend', phone: '+14155550121' });
    // Online, the profile has loaded once (Share Location is on) and positions go to the server.
    await expect
      .poll(async () => (await api<{ location: unknown }>(page, 'GET', '/api/locations/latest')).location, {
        timeout: 30_000,
      })
      .not.toBeNull();
    // The app opens offline only once its service worker controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Offline, a reload (the profile cannot load), then an SOS: it waits in the outbox.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Safety' }).click();
    await expect(page).toHaveURL(/\/sos$/);
    await page.getByRole('button', { name: /^SOS/ }).first().click();
    await expect.poll(() => waitingInOutbox(page), { timeout: 30_000 }).toBeGreaterThan(0);

    // Back online: the alert goes, and with it the position — shared, as the screen says.
    const uploads = recordUploads(page);
    await context.setOffline(false);
    const screen = page.getByTestId('active-alert-screen');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    const sharing = screen.getByTestId('alert-sharing');
    await expect(sharing).toHaveAttribute('data-sharing', 'on');
    await expect(sharing).toHaveText('Your position is being shared while this alert is active.');

    // The phone lies still: each fresh fix reaches the server as a new check of the same place.
    await expect
      .poll(() => uploads.filter((upload) => upload.sharing && upload.stored + upload.checked > 0).length, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(4);
    expect(uploads.filter((upload) => upload.checked > 0).length).toBeGreaterThanOrEqual(2);
    const latest = await api<{ location: { recorded_at: string; checked_at: string } }>(
      page,
      'GET',
      '/api/locations/latest',
    );
    expect(Date.parse(latest.location.checked_at)).toBeGreaterThan(Date.parse(latest.location.recorded_at));

    await snapAll(page, testInfo, 'alert-position-screen');
  });
});

test('the tracking link of an SOS text shows no position after "I\'m safe", only that the person is safe', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await markOnboardingSeen(page);
  await signUp(page, 'Sara Safe', uniqueEmail('safe-link'));
  await api(page, 'POST', '/api/contacts', { name: 'Mo Friend', phone: '+14155550122' });
  await api(page, 'POST', '/api/locations', HOME);
  const raised = await api<{ alert: { id: string } }>(
    page,
    'POST',
    '/api/alerts',
    { triggerType: 'manual', location: HOME },
    { 'idempotency-key': `e2e-safe-link-${Date.now()}` },
  );
  const code = await trackingCodeTexted(page, await userIdOf(page));

  // A contact follows the link while the SOS is on: the live position, checked as the phone lies still.
  const contactContext = await browser.newContext({ timezoneId: 'Europe/London' });
  await contactContext.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  const contact = await contactContext.newPage();
  await contact.goto(`/track/${code}`);
  await expect(contact.getByRole('alert').filter({ hasText: 'Sara Safe raised an SOS' })).toBeVisible();
  await expect(contact.getByText('40.712776, -74.005974').first()).toBeVisible();
  await expect(contact.getByText(/^Still at this place, checked .+ \(here since .+\)$/)).toBeVisible({
    timeout: 30_000,
  });
  // The reader is in London: the times say so.
  await expect(contact.getByText(/^Link valid until .+ (GMT|BST)/)).toBeVisible();
  await snapAll(contact, testInfo, 'tracking-page-live');

  await api(page, 'POST', `/api/alerts/${raised.alert.id}/resolve`);
  // The person's Share Link card lists the link the text carried, saying what it shows.
  await page.goto('/guardian');
  const shareCard = page.getByRole('region', { name: 'Share Live Location' });
  await expect(
    shareCard.getByText('Sent with your SOS texts: shows your position only while that SOS is active.'),
  ).toBeVisible();
  await shareCard.scrollIntoViewIfNeeded();
  await snapAll(page, testInfo, 'share-link-card-alert-link');
  // The phone goes on sending positions after "I'm safe".
  await api(page, 'POST', '/api/locations', LATER);

  await contact.reload();
  const safe = contact.getByRole('status').filter({ hasText: 'Sara Safe marked themselves safe' });
  await expect(safe).toBeVisible();
  await expect(safe).toContainText(/Marked safe .+ (GMT|BST), after an SOS raised .+\./);
  await expect(
    contact.getByText(
      /^This link stopped showing the position when the SOS it was sent with ended \(.+\)\.$/,
    ),
  ).toBeVisible();
  await expect(contact.getByText('Last known position')).toHaveCount(0);
  await expect(contact.getByText(/40\.7(12776|30610)/)).toHaveCount(0);
  await expect(contact.getByRole('region', { name: 'Map of the shared position' })).toHaveCount(0);
  await snapAll(contact, testInfo, 'tracking-page-safe');
  await contactContext.close();
});
