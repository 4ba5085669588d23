import { expect, test, type Page } from '@playwright/test';
import { SOS } from '#shared/constants';
import {
  addContact,
  catchMessagingApp,
  countPosts,
  markOnboardingSeen,
  SAVED_ALERT,
  signUp,
  snap,
  snapAll,
  unanswered,
  uniqueEmail,
  waitingInOutbox,
} from './support';

const HOME = { latitude: 40.712776, longitude: -74.005974 };
test.use({ geolocation: HOME, permissions: ['geolocation'] });

/** This person's texts in the dev SMS outbox (it lists everyone's; tests run in parallel). */
async function outbox(page: Page): Promise<Array<{ to: string; body: string; status: string }>> {
  return page.evaluate(async () => {
    const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
      access_token?: string;
      user?: { id: string };
    };
    const res = await fetch('/api/dev/sms-outbox', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    const { messages } = (await res.json()) as {
      messages: Array<{ to: string; body: string; user_id: string; status: string }>;
    };
    return messages.filter((message) => message.user_id === session.user?.id);
  });
}

async function raiseSos(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Safety' }).click();
  await expect(page).toHaveURL(/\/sos$/);
  await page.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
});

test('SOS texts every contact with a map link; cancel sends nothing', async ({ page }, testInfo) => {
  const alertRequests = await countPosts(page, '/api/alerts');
  await signUp(page, 'Ada Lovelace', uniqueEmail('sos'));
  await addContact(page, 'Grace Hopper', '+14155550101');
  await addContact(page, 'Alan Turing', '+14155550102');
  await snap(page, testInfo, 'sos-01-contacts');

  // Cancel during the countdown: nothing is sent. The page's timers run on a clock the test moves from here on.
  await page.clock.install();
  await raiseSos(page);
  const dialog = page.getByRole('dialog', { name: 'Emergency SOS Activation' });
  await expect(dialog.getByText('seconds remaining')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Emergency' }).click();
  await expect(page.getByText('SOS Cancelled').first()).toBeVisible();
  // Past the whole countdown at once: a countdown still running has fired by now. Its alert would then go out
  // before the next SOS's: its position is waited for at most SOS.locationTimeoutMs, less than a countdown.
  await page.clock.runFor(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs);

  // The real thing: the countdown runs out and both contacts' texts are kept in the dev outbox (this server has
  // no SMS provider), and the phone says that nothing was sent.
  await raiseSos(page);
  await snap(page, testInfo, 'sos-02-countdown');
  await expect(page.getByText('Alert kept in the dev outbox').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('active-alert-screen')).toBeVisible();
  await snap(page, testInfo, 'sos-03-sent');
  const texts = await outbox(page);
  expect(texts.map((text) => text.to).sort()).toEqual(['+14155550101', '+14155550102']);
  for (const text of texts) {
    expect(text.body).toContain('Ada Lovelace');
    expect(text.body).toContain('maps?q=40.712776,-74.005974');
  }
  // The one alert request the page made is the one it showed the answer to: the cancelled SOS sent none.
  expect((await alertRequests()).made).toBe(1);
});

test('one failing number is shown as failed, the other as not sent (dev outbox)', async ({
  page,
}, testInfo) => {
  await signUp(page, 'Ben Partial', uniqueEmail('partial'));
  await addContact(page, 'Reachable Friend', '+14155550103');
  await addContact(page, 'Broken Number', '+12015550000');
  await raiseSos(page);
  await expect(page.getByText('Alert kept in the dev outbox').first()).toBeVisible({ timeout: 20_000 });
  const rows = page.getByTestId('delivery-row');
  await expect(rows.filter({ hasText: 'Reachable Friend' })).toHaveAttribute(
    'data-status',
    'kept_in_dev_outbox',
  );
  await expect(rows.filter({ hasText: 'Broken Number' })).toHaveAttribute('data-status', 'failed');
  await snap(page, testInfo, 'sos-04-partial');
  expect((await outbox(page)).map((text) => [text.to, text.status]).sort()).toEqual([
    ['+12015550000', 'failed'],
    ['+14155550103', 'kept'],
  ]);
});

test.describe('offline and refused', () => {
  test.use({
    // A phone's browser, so the messaging app counts as available.
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36',
    // page.route must see the alert's request (a service worker would pass it on out of its sight).
    serviceWorkers: 'block',
  });

  test('a refused SOS offers the messaging app; an offline SOS says one calm thing, opens the sms: composer and is sent when back online', async ({
    page,
    context,
  }, testInfo) => {
    // Sign-up, two contacts, two countdowns and eight pictures with axe: longer than most tests.
    test.setTimeout(240_000);
    const smsLinks = await catchMessagingApp(page);
    const alertRequests = await countPosts(page, '/api/alerts');
    await signUp(page, 'Cleo Offline', uniqueEmail('offline'));
    await addContact(page, 'Dana Friend', '+14155550104');
    await addContact(page, 'Eli Friend', '+14155550105');
    await page.getByRole('link', { name: 'Safety' }).click();
    await expect(page).toHaveURL(/\/sos$/);

    const redToasts = page.locator('[data-sonner-toast][data-type="error"]');

    // The server refuses the alert (a 4xx that a retry cannot change): Beacon says it did not send it and why,
    // and the messaging app opens with the saved contacts.
    await page.route('**/api/alerts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'idempotency_key_reused',
              message: 'This Idempotency-Key was already used for a different request.',
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: /^SOS/ }).first().click();
    const refused = page.getByTestId('unsent-alert-panel');
    await expect(refused).toBeVisible({ timeout: 25_000 });
    await expect(refused.getByRole('alert')).toContainText('Beacon did not send your alert');
    await expect(refused.getByRole('alert')).toContainText(
      'The server refused it: This Idempotency-Key was already used for a different request.',
    );
    await expect.poll(() => smsLinks.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(smsLinks[0]).toContain('+14155550104,+14155550105');
    await expect(refused.getByRole('link', { name: 'Text your contacts from your phone' })).toHaveAttribute(
      'href',
      /^sms:\+14155550104,\+14155550105\?body=/,
    );
    await expect(redToasts).toHaveCount(0);
    await page.getByRole('dialog', { name: 'Emergency SOS Activation' }).waitFor({ state: 'detached' });
    await refused.scrollIntoViewIfNeeded();
    await snapAll(page, testInfo, 'sos-refused');
    await page.unroute('**/api/alerts');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refused).toHaveCount(0);

    // Offline: the alert is saved on the phone, said calmly once, with no red toast, and the messaging app opens.
    await context.setOffline(true);
    await expect(page.getByText('Offline').first()).toBeVisible();
    await page.getByRole('button', { name: /^SOS/ }).first().click();
    const saved = page.getByTestId('saved-alert-panel');
    await expect(saved.getByRole('status')).toContainText(SAVED_ALERT, { timeout: 25_000 });
    await expect(redToasts).toHaveCount(0);
    await expect(page.getByText('Online SMS Failed')).toHaveCount(0);
    await expect(page.getByText('SMS Not Available')).toHaveCount(0);
    await expect.poll(() => smsLinks.length, { timeout: 5000 }).toBeGreaterThan(1);
    expect(smsLinks.at(-1)).toContain('+14155550104,+14155550105');
    expect(smsLinks.at(-1)).toContain('body=');
    await page.getByRole('dialog', { name: 'Emergency SOS Activation' }).waitFor({ state: 'detached' });
    await saved.scrollIntoViewIfNeeded();
    await snapAll(page, testInfo, 'sos-saved-offline');

    await context.setOffline(false);
    await expect.poll(async () => (await outbox(page)).length, { timeout: 20_000 }).toBe(2);
    // Once: the saved alert has left the phone's outbox (it leaves when the server has answered it, so nothing is
    // left to send again), and every alert request the page made has been answered.
    await expect.poll(() => waitingInOutbox(page)).toBe(0);
    await expect.poll(() => unanswered(alertRequests)).toBe(0);
    expect(await outbox(page)).toHaveLength(2);
  });
});
