import { expect, test } from '@playwright/test';
import { api, PASSWORD, personIn, snap, toastsSettled } from './support';

/**
 * The page a contact opens from an SOS text (/track/<code>), in a browser that has never seen Beacon and cannot
 * load map tiles: it still says that an SOS was raised and when, where the person is in words, with an Open in
 * Maps link, and shows "Map unavailable" with the coordinates instead of a grey box.
 */
const HOME = { latitude: 40.748817, longitude: -73.985428, accuracy: 12, address: '350 5th Ave, New York' };
// DEFAULT_TILE_URL (src/shared/constants.ts): https://tile.openstreetmap.org/{z}/{x}/{y}.png
const TILES = 'https://tile.openstreetmap.org/**';

test('a contact opens the tracking page with map tiles blocked', async ({ browser }, testInfo) => {
  test.slow();
  const own = await browser.newContext();
  const page = await personIn(own, 'Ada Lovelace', 'track');
  const contact = (await api(page, 'POST', '/api/contacts', {
    name: 'Grace Hopper',
    phone: '(201) 555-0142',
  })) as {
    phone: string;
  };
  expect(contact.phone).toBe('+12015550142');
  await api(page, 'POST', '/api/locations', HOME);
  await api(
    page,
    'POST',
    '/api/alerts',
    { triggerType: 'manual', location: { latitude: HOME.latitude, longitude: HOME.longitude, accuracy: 12 } },
    { 'idempotency-key': `e2e-track-${Date.now()}` },
  );
  const link = (await api(page, 'POST', '/api/share-links', {})) as { share_code: string };
  await own.close();

  const sizes = [
    { name: 'phone', viewport: { width: 390, height: 844 } },
    { name: 'desktop', viewport: { width: 1280, height: 800 } },
  ] as const;
  for (const size of sizes) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: size.viewport, colorScheme });
      await context.route(TILES, (route) => route.abort());
      const contactPage = await context.newPage();
      await contactPage.goto(`/track/${link.share_code}`);

      await expect(contactPage.getByRole('heading', { name: "Ada Lovelace's live location" })).toBeVisible();
      const sos = contactPage.getByRole('alert').filter({ hasText: 'Ada Lovelace raised an SOS' });
      await expect(sos).toBeVisible();
      await expect(sos).toContainText(
        /SOS raised .+ \((just now|\d+ s ago|\d+ min ago)\)\. It is still active\./,
      );
      await expect(contactPage.getByText('Near 350 5th Ave, New York')).toBeVisible();
      await expect(contactPage.getByText('40.748817, -73.985428 (within 12 m)')).toBeVisible();
      await expect(contactPage.getByText(/^Last updated /)).toBeVisible();
      await expect(contactPage.getByRole('link', { name: /^Open in Maps/ })).toHaveAttribute(
        'href',
        'https://www.google.com/maps?q=40.748817,-73.985428',
      );
      const unavailable = contactPage.getByTestId('map-unavailable');
      await expect(unavailable).toBeVisible();
      await expect(unavailable).toContainText('Map unavailable');
      await expect(unavailable).toContainText('40.748817, -73.985428');
      await snap(contactPage, testInfo, `track-${size.name}-${colorScheme}`);
      await context.close();
    }
  }
});

test('the small things: typed numbers, the outbox with a failed text, Undo, badges, the account-deleted page', async ({
  browser,
}, testInfo) => {
  test.slow();
  const looks = [
    { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
    { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  ] as const;
  for (const look of looks) {
    // A person in New York: the browser's zone goes with the sign-up, and the SOS text uses it.
    const context = await browser.newContext({
      viewport: look.viewport,
      colorScheme: look.colorScheme,
      timezoneId: 'America/New_York',
    });
    const page = await personIn(context, 'Sam Small', `small-${look.name}`);
    await api(page, 'POST', '/api/contacts', { name: 'Typed Friend', phone: '(704) 555-0100' });
    await api(page, 'POST', '/api/contacts', { name: 'Broken Number', phone: '+1 201 555 0000' });
    const raised = (await api(
      page,
      'POST',
      '/api/alerts',
      { triggerType: 'manual' },
      { 'idempotency-key': `e2e-small-${Date.now()}` },
    )) as { alert: { id: string } };
    // Ended, so the app shell shows its screens again instead of the active-alert screen.
    await api(page, 'POST', `/api/alerts/${raised.alert.id}/resolve`, {});

    // The dev outbox lists the failed text with its reason; its links open.
    await page.goto('/outbox');
    const failed = page.getByTestId('outbox-message').filter({ hasText: 'Failed: not sent' });
    await expect(failed).toContainText('Reason: Number unreachable (dev outbox test number)');
    const kept = page
      .getByTestId('outbox-message')
      .filter({ hasText: 'Kept here, not sent' })
      .filter({ hasText: 'Time:' });
    await expect(kept).toContainText(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} E[SD]T/);
    await expect(page.getByRole('link', { name: /\/track\// }).first()).toHaveAttribute('target', '_blank');
    await snap(page, testInfo, `small-outbox-${look.name}`);

    // The typed number was stored as +17045550100 and reads nationally (the browser is en-US).
    await page.goto('/contacts');
    const card = page.locator('#emergency-contacts');
    await expect(card.getByText('(704) 555-0100')).toBeVisible();
    await card.getByRole('button', { name: 'Delete Typed Friend' }).click();
    await expect(card.getByText('Typed Friend')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await toastsSettled(page);
    await snap(page, testInfo, `small-undo-${look.name}`);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Typed Friend is back in your emergency contacts.')).toBeVisible();
    await expect(card.getByText('Typed Friend')).toBeVisible();

    // By keyboard: at desktop width the toasts (top centre) lie over the bell.
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).focus();
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications.getByText('Update').first()).toBeVisible();
    await expect(notifications.getByText('Needs attention').first()).toBeVisible();
    await snap(page, testInfo, `small-notifications-${look.name}`);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await page.getByRole('button', { name: /^Privacy/ }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
    await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.getByLabel('Your password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account was deleted' })).toBeVisible();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await snap(page, testInfo, `small-account-deleted-${look.name}`);
    await page.getByRole('link', { name: 'Back to the start' }).click();
    await expect(page.getByRole('heading', { name: 'Login to Beacon' })).toBeVisible();
    await context.close();
  }
});
