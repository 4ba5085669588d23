import { expect, test, type Page } from '@playwright/test';
import { markOnboardingSeen, PASSWORD, signUp, snap, snapAll, uniqueEmail } from './support';

/**
 * An alert has a beginning and an end (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end): after an SOS the
 * person sees the active-alert screen on every device until they say they are safe; "I'm safe" ends it and
 * everyone who was texted gets a follow-up.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974 };
test.use({ geolocation: HOME, permissions: ['geolocation'] });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A request with this page's session (the access token the app keeps in local storage). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
        access_token?: string;
      };
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${session.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
      return (await res.json()) as T;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** This person's texts in the dev SMS outbox (it lists everyone's; tests run in parallel). */
async function myTexts(page: Page): Promise<Array<{ to: string; body: string }>> {
  const userId = await page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as { user?: { id: string } })
        .user?.id,
  );
  const { messages } = await api<{ messages: Array<{ to: string; body: string; user_id: string }> }>(
    page,
    'GET',
    '/api/dev/sms-outbox',
  );
  return messages.filter((message) => message.user_id === userId);
}

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
});

test("SOS → the active-alert screen, through a reload, until I'm safe; the contact gets the all-clear", async ({
  page,
}, testInfo) => {
  // A countdown, a reload, axe in two themes and the all-clear: longer than the default on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await signUp(page, 'Ada Alert', uniqueEmail('active-alert'));
  await api(page, 'POST', '/api/contacts', { name: 'Grace Hopper', phone: '+12015550142' });
  await page.reload();
  await expect(page.locator('#emergency-contacts').getByText('Grace Hopper')).toBeVisible();

  // The dashboard's SOS button: the countdown runs out and the alert goes.
  await page.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  const screen = page.getByTestId('active-alert-screen');
  await expect(screen).toBeVisible({ timeout: 25_000 });
  await expect(screen.getByRole('heading', { level: 1, name: 'Emergency Mode Active' })).toBeVisible();
  const row = screen.getByTestId('delivery-row').filter({ hasText: 'Grace Hopper' });
  await expect(row).toHaveAttribute('data-status', 'kept_in_dev_outbox');
  await expect(row.getByText('Not sent (dev outbox)')).toBeVisible();
  await expect(screen.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  await expect(screen.getByTestId('alert-sharing')).toHaveAttribute('data-sharing', 'on');

  // Not a banner that goes away: it is still there after a reload.
  await page.reload();
  await expect(screen).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'kept_in_dev_outbox');

  await snapAll(page, testInfo, 'active-alert');

  // "I'm safe" asks once; keeping the alert on changes nothing and gives the focus back.
  const imSafe = screen.getByRole('button', { name: "I'm safe" });
  await imSafe.click();
  const question = page.getByRole('alertdialog', { name: 'Tell everyone you are safe?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep the alert on' })).toBeFocused();
  await snapAll(page, testInfo, 'im-safe-question');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(imSafe).toBeFocused();
  await imSafe.click();
  await question.getByRole('button', { name: 'Keep the alert on' }).click();
  await expect(question).toHaveCount(0);
  await expect(screen).toBeVisible();
  expect((await myTexts(page)).filter((text) => text.body.includes('says they are safe now'))).toHaveLength(
    0,
  );

  await imSafe.click();
  await question.getByRole('button', { name: "Yes, I'm safe" }).click();
  await expect(screen).toHaveCount(0);
  await expect(page.getByText('Alert ended').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeVisible();

  // The contact got the alert and then, once, the all-clear.
  await expect
    .poll(async () => (await myTexts(page)).map((text) => text.body.includes('says they are safe now')), {
      timeout: 15_000,
    })
    .toEqual(expect.arrayContaining([true, false]));
  const texts = await myTexts(page);
  expect(texts).toHaveLength(2);
  expect(texts.every((text) => text.to === '+12015550142')).toBe(true);
  const allClear = texts.find((text) => text.body.includes('says they are safe now'))!;
  expect(allClear.body).toMatch(
    /Ada Alert says they are safe now\.\nThey ended their SOS alert at \d{4}-\d\d-\d\d \d\d:\d\d \S+\./,
  );
});

test('another signed-in device shows the alert live and closes it when it ends', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail('two-devices');
  await signUp(page, 'Ben Both', email);
  await api(page, 'POST', '/api/contacts', { name: 'Mum', phone: '+12015550143' });

  // The same person on a second device (a phone), on its dashboard.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  await markOnboardingSeen(phone);
  await phone.goto('/auth');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone.getByRole('button', { name: /^SOS/ }).first()).toBeVisible();

  // An SOS from the first device: the phone hears alert.created and shows the screen.
  const raised = await api<{ alert: { id: string } }>(page, 'POST', '/api/alerts', { triggerType: 'manual' });
  await expect(page.getByTestId('active-alert-screen')).toBeVisible({ timeout: 15_000 });
  const onPhone = phone.getByTestId('active-alert-screen');
  await expect(onPhone).toBeVisible({ timeout: 15_000 });
  await expect(onPhone.getByTestId('delivery-row').filter({ hasText: 'Mum' })).toBeVisible();
  await snap(page, testInfo, 'active-alert-second-device-desktop');

  // Ended on the first device: alert.resolved closes it on the phone too.
  await api(page, 'POST', `/api/alerts/${raised.alert.id}/resolve`);
  await expect(onPhone).toHaveCount(0, { timeout: 15_000 });
  await expect(phone.getByRole('button', { name: /^SOS/ }).first()).toBeVisible();
  await phoneContext.close();
});
