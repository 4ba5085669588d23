import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { api, markOnboardingSeen, PASSWORD, signUp, snapAll, uniqueEmail } from './support';

/**
 * The safety PIN and the duress PIN (docs/PRODUCT.md#safety-pin-and-duress-pin): with a PIN set, "I'm safe" asks
 * for it; the duress PIN ends the alert on the phone exactly as the safety PIN would, while every contact is
 * silently told the person may be forced to cancel.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974 };
test.use({ geolocation: HOME, permissions: ['geolocation'] });

const SAFETY_PIN = '4827';
const DURESS_PIN = '19385';
const CONTACTS = ['+12015550143', '+12015550144'];

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

test("I'm safe with the duress PIN looks like the safety PIN on the phone, while every contact gets the duress text", async ({
  page,
}, testInfo) => {
  // Settings, an alert, axe in two themes on two dialogs and the texts: longer than the default on a busy machine.
  test.setTimeout(180_000);
  await signUp(page, 'Dana Duress', uniqueEmail('duress'));
  for (const [index, phone] of CONTACTS.entries()) {
    await api(page, 'POST', '/api/contacts', { name: `Contact ${index + 1}`, phone });
  }

  // Emergency Settings › Safety PIN: both PINs, with the account password.
  await page.goto('/settings');
  await page.getByRole('button', { name: /^Emergency Settings/ }).click();
  await page.getByRole('button', { name: /^Safety PIN/ }).click();
  const settings = page.getByRole('dialog', { name: 'Safety PIN' });
  await expect(settings).toBeVisible();
  await snapAll(page, testInfo, 'duress-pin-settings');
  await settings.getByLabel('Safety PIN', { exact: true }).fill(SAFETY_PIN);
  await settings.getByLabel('Duress PIN (optional)').fill(SAFETY_PIN);
  await settings.getByLabel('Account password').fill(PASSWORD);
  await settings.getByRole('button', { name: 'Save PINs' }).click();
  await expect(settings.getByText('The duress PIN must differ from the safety PIN.')).toBeVisible();
  await settings.getByLabel('Duress PIN (optional)').fill(DURESS_PIN);
  await settings.getByRole('button', { name: 'Save PINs' }).click();
  await expect(settings).toHaveCount(0);
  await expect(page.getByText('Safety PIN saved').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Safety PIN/ })).toContainText('On');

  // An SOS; the phone shows it active.
  await api(page, 'POST', '/api/alerts', { triggerType: 'manual' });
  await page.goto('/');
  const screen = page.getByTestId('active-alert-screen');
  await expect(screen).toBeVisible();
  await expect.poll(async () => (await myTexts(page)).length, { timeout: 15_000 }).toBe(CONTACTS.length);

  // "I'm safe" asks, then the PIN.
  await screen.getByRole('button', { name: "I'm safe" }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: "Yes, I'm safe" }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Enter your safety PIN' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByLabel('Safety PIN')).toBeFocused();
  await snapAll(page, testInfo, 'duress-pin-prompt');

  // A wrong PIN says so and keeps the alert on.
  await prompt.getByLabel('Safety PIN').fill('0000');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('That PIN is not correct.')).toBeVisible();
  await expectAccessible(page, 'PIN prompt with a wrong PIN', testInfo);
  await expect(screen).toBeVisible();

  // The duress PIN: the phone sees exactly what the safety PIN shows.
  await prompt.getByLabel('Safety PIN').fill(DURESS_PIN);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(screen).toHaveCount(0);
  await expect(page.getByText('Alert ended').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeVisible();
  await expect(screen).toHaveCount(0);
  const { alerts } = await api<{ alerts: Array<{ alert: { status: string; trigger_type: string } }> }>(
    page,
    'GET',
    '/api/alerts',
  );
  expect(alerts.map((detail) => [detail.alert.trigger_type, detail.alert.status])).toEqual([
    ['manual', 'resolved'],
  ]);

  // Meanwhile every contact got the duress text, and nobody an all-clear.
  const duress = (text: { body: string }): boolean => text.body.includes('duress PIN');
  await expect
    .poll(
      async () =>
        (await myTexts(page))
          .filter(duress)
          .map((text) => text.to)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(CONTACTS);
  const texts = await myTexts(page);
  expect(texts.filter((text) => text.body.includes('says they are safe now'))).toEqual([]);
  expect(texts.find(duress)!.body).toContain('DO NOT call or text their phone');
});
