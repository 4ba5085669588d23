import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousFindings, scan, type Finding } from './axe';
import { api, markOnboardingSeen, signUp, toastsSettled, uniqueEmail } from './support';

/**
 * axe (WCAG 2.2 AA rules) on every screen and every dialog Beacon has, in light and dark. A serious or critical
 * finding fails the test; the rest are attached to the report. One person is signed up once; screens and themes
 * are looped inside the tests to keep the run short.
 */
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** A fresh page in the theme (the app follows the system theme until the person picks one). */
async function pageIn(browser: Browser, theme: Theme): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: theme,
    viewport: { width: 390, height: 844 },
    geolocation: { latitude: 40.7128, longitude: -74.006 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await markOnboardingSeen(page);
  return page;
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
}

test('signed out: splash, welcome, login, sign-up, forgot password, reset password, 404, account deleted, subscription', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];
  for (const theme of THEMES) {
    const page = await pageIn(browser, theme);
    await page.goto('/splash');
    await expect(page.getByText('Your personal safety companion')).toBeVisible();
    await scan(page, `${theme} /splash`, findings, testInfo);
    await page.goto('/welcome');
    await heading(page, 'Emergency SOS');
    await scan(page, `${theme} /welcome`, findings, testInfo);
    await page.goto('/auth');
    await heading(page, 'Login to Beacon');
    await scan(page, `${theme} /auth login`, findings, testInfo);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scan(page, `${theme} forgot-password dialog`, findings, testInfo);
    await page.keyboard.press('Escape');
    await page.goto('/auth?mode=signup');
    await heading(page, 'Create Beacon Account');
    await scan(page, `${theme} /auth sign-up`, findings, testInfo);
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    await scan(page, `${theme} /reset-password`, findings, testInfo);
    await page.goto('/no-such-page');
    await heading(page, 'Oops! Page not found');
    await scan(page, `${theme} 404`, findings, testInfo);
    await page.goto('/account-deleted');
    await heading(page, 'Your account was deleted');
    await scan(page, `${theme} /account-deleted`, findings, testInfo);
    // Signed out, nobody has a subscription to welcome.
    await page.goto('/subscription-success');
    await heading(page, 'No subscription needed');
    await scan(page, `${theme} /subscription-success signed out`, findings, testInfo);
    await page.context().close();
  }
  expectNoSeriousFindings(findings);
});

// One test per theme, so the two run side by side on the two workers.
for (const theme of THEMES) {
  test(`signed in, ${theme}: every screen and dialog`, async ({ browser }, testInfo) => {
    test.setTimeout(420_000);
    const findings: Finding[] = [];
    const page = await pageIn(browser, theme);
    await signUp(page, 'Alex Axe', uniqueEmail(`axe-${theme}`));
    // The first-run offer and the empty readiness card, before the contact exists.
    await scan(page, `${theme} / first run (no contacts)`, findings, testInfo);
    await api(page, 'POST', '/api/contacts', {
      name: 'Grace Hopper',
      phone: '+14155550123',
      relationship: 'Friend',
    });
    const link = (await api(page, 'POST', '/api/share-links', {})) as { share_code?: string };
    expect(link.share_code).toBeTruthy();
    const at = (where: string): string => `${theme} ${where}`;

    await page.goto('/');
    await expect(page.getByRole('heading', { name: /System Ready|Not Ready Yet/ })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    await scan(page, at('/'), findings, testInfo);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Beacon' })).toBeVisible();
    await scan(page, at('menu'), findings, testInfo);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await scan(page, at('notifications dialog'), findings, testInfo);
    await page.keyboard.press('Escape');

    await page.locator('#emergency-contacts').getByRole('button', { name: 'Add emergency contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Emergency Contact' })).toBeVisible();
    await scan(page, at('add contact dialog'), findings, testInfo);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^SOS/ }).click();
    const countdown = page.getByRole('dialog', { name: 'Emergency SOS Activation' });
    await expect(countdown).toBeVisible();
    // The dialog alone: the countdown must still be running when the scan ends, on a busy machine too.
    await scan(page, at('countdown dialog'), findings, testInfo, { within: '[role="dialog"]' });
    await countdown.getByRole('button', { name: 'Cancel Emergency' }).click();
    await expect(countdown).toBeHidden();
    await expect(page.getByText('SOS Cancelled').first()).toBeVisible();
    await toastsSettled(page);
    await scan(page, at('toast'), findings, testInfo, { toasts: true });

    await page.getByRole('button', { name: 'Open settings' }).click();
    // The dialog is named after the section it shows.
    const settings = page.getByRole('dialog');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await scan(page, at('settings dialog'), findings, testInfo);
    for (const section of [
      'How It Works',
      'Notifications',
      'Privacy & Security',
      'Emergency Settings',
      'App Preferences',
      'About',
    ]) {
      await settings.getByRole('button', { name: new RegExp(`^${section}`) }).click();
      await scan(page, at(`settings › ${section}`), findings, testInfo);
      await settings.getByRole('button', { name: 'Back to settings' }).click();
    }
    await settings.getByRole('button', { name: /^Privacy & Security/ }).click();
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Account' })).toBeVisible();
    await scan(page, at('delete account dialog'), findings, testInfo);
    await page.keyboard.press('Escape');

    await page.goto('/sos');
    await heading(page, 'Emergency SOS');
    await scan(page, at('/sos'), findings, testInfo);
    await page.getByRole('button', { name: 'I need help. Please call me now.' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await scan(page, at('quick message dialog'), findings, testInfo);
    await page.keyboard.press('Escape');

    for (const [path, name] of [
      ['/guardian', 'Guardian Linking'],
      ['/guardian/wards', 'Guardian View'],
      ['/safety-map', 'Safety Map'],
      ['/permissions', 'App Permissions'],
      ['/settings', 'Settings'],
      ['/outbox', /outbox/i],
      ['/subscription-success', 'Welcome to Premium!'],
      [`/track/${link.share_code}`, /live location/i],
      ['/no-such-page', 'Oops! Page not found'],
    ] as const) {
      await page.goto(path);
      await heading(page, name);
      await scan(page, at(path), findings, testInfo);
    }

    // The wide layout: the side navigation.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await scan(page, at('/ at 1280'), findings, testInfo);
    await page.context().close();
    expectNoSeriousFindings(findings);
  });
}
