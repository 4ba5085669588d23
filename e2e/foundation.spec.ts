import { expect, test } from '@playwright/test';
import { NOT_READY, PASSWORD, snap, uniqueEmail } from './support';

test('a new person goes from the splash to the dashboard, edits their profile and signs back in', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('foundation');

  // First visit: splash (3 s) → onboarding → sign-in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/splash$/);
  await snap(page, testInfo, '01-splash');
  await expect(page).toHaveURL(/\/welcome$/, { timeout: 8000 });
  await expect(page.getByRole('heading', { name: 'Emergency SOS' })).toBeVisible();
  for (let slide = 0; slide < 3; slide++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Safety First' })).toBeVisible();
  await snap(page, testInfo, '02-onboarding-last-slide');
  await page.getByRole('button', { name: 'Get Started' }).click();
  // Someone new: Get Started opens the sign-up form.
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);

  // Sign-up, with the validation rules first (docs/PRODUCT.md#account-and-sign-in).
  await expect(page.getByText('Create Beacon Account')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription('Please enter your full name');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please fill in all required fields');
  await page.getByLabel('Full Name').fill('Maya Patel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await snap(page, testInfo, '03-sign-up');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Dashboard, at / with the Location tab lit; no contacts yet, so not "System Ready". The permissions screen is
  // offered once.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();
  await expect(page.getByText('All safety features are active')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Welcome to Beacon' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Location' })).toHaveAttribute('aria-current', 'page');
  await snap(page, testInfo, '04-dashboard');

  // Edit the profile in settings.
  await page.getByRole('button', { name: 'Open settings' }).click();
  await page.getByRole('button', { name: /^Profile/ }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Maya Patel');
  await page.getByLabel('Full Name').fill('M');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Full Name').fill('Maya R. Patel');
  await page.getByLabel('Phone Number').fill('+14155550123');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await snap(page, testInfo, '05-profile-updated');

  // The change is on the server: a reload shows it.
  await page.reload();
  await page.getByRole('button', { name: 'Open settings' }).click();
  await page.getByRole('button', { name: /^Profile/ }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Maya R. Patel');
  await expect(page.getByLabel('Phone Number')).toHaveValue('+14155550123');

  // Sign out from About.
  await page.getByRole('button', { name: 'Back to settings' }).click();
  await page.getByRole('button', { name: /^About/ }).click();
  await expect(page.getByText('1.0.0').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByText('Login to Beacon')).toBeVisible();

  // Wrong password, then the right one.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();

  // Theme survives a reload.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await snap(page, testInfo, '06-dashboard-dark');

  // An unknown route shows the 404 page and logs the path.
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  expect(logged.some((line) => line.includes('/no-such-page'))).toBe(true);
  await snap(page, testInfo, '07-not-found');
});

test('settings needs a signed-in person, and the notifications dialog works', async ({ page }, testInfo) => {
  await page.addInitScript(() => window.localStorage.setItem('beacon-onboarding-seen', 'true'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Login to Beacon')).toBeVisible();

  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full Name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(uniqueEmail('notify'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();

  await page.getByRole('button', { name: /^Notifications, 2 unread/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByText('Welcome to Beacon')).toBeVisible();
  await snap(page, testInfo, '08-notifications');
  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await dialog
    .getByRole('button', { name: /^Delete notification/ })
    .first()
    .click();
  await dialog
    .getByRole('button', { name: /^Delete notification/ })
    .first()
    .click();
  await expect(dialog.getByText('No notifications yet')).toBeVisible();
});
