import { expect, test, type Page } from '@playwright/test';
import { markOnboardingSeen, NOT_READY, PASSWORD, snap, uniqueEmail } from './support';

/**
 * The forms and dialogs built from the shared FormField and ConfirmDialog, at phone and desktop size, light and
 * dark: each one is opened in the state that shows its wiring (a validation message where it has one), checked
 * for its label and error in the accessibility tree, and photographed.
 */
const SIZES = [
  { tag: 'phone', viewport: { width: 390, height: 844 } },
  { tag: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

for (const { tag, viewport } of SIZES) {
  for (const scheme of SCHEMES) {
    test(`forms and dialogs, ${tag}, ${scheme}`, async ({ browser }, testInfo) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      await markOnboardingSeen(page);
      const name = (screen: string): string => `${screen}-${tag}-${scheme}`;

      await page.goto('/auth');
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      for (const field of [page.getByLabel('Email'), page.getByLabel('Password')]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription('Please fill in all required fields');
      }
      await snap(page, testInfo, name('login'));

      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const recover = page.getByRole('dialog');
      await recover.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(recover.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await snap(page, testInfo, name('forgot-password-dialog'));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByLabel('Full Name').fill('Fiona Form');
      await page.getByLabel('Email').fill(uniqueEmail(`forms-${tag}-${scheme}`));
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await snap(page, testInfo, name('sign-up'));
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();

      await openContactDialog(page);
      const contact = page.getByRole('dialog', { name: 'Add Emergency Contact' });
      await contact.getByRole('button', { name: 'Add Contact' }).click();
      await expect(contact.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
      await snap(page, testInfo, name('contact-form-dialog'));
      await contact.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/settings');
      await page.getByRole('button', { name: /^Profile/ }).click();
      await expect(page.getByLabel('Full Name')).toHaveValue('Fiona Form');
      await page.getByLabel('Full Name').fill('F');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
      await snap(page, testInfo, name('profile-form'));
      await page.getByRole('button', { name: 'Back to settings' }).click();

      await page.getByRole('button', { name: /^Privacy/ }).click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
      await confirm.getByLabel('Type DELETE to confirm').fill('DEL');
      // Deleting needs the password too (the server refuses a deletion without it).
      await confirm.getByLabel('Your password').fill(PASSWORD);
      await expect(confirm.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
      await snap(page, testInfo, name('confirm-dialog-delete-account'));
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/guardian');
      const code = page.getByRole('textbox', { name: 'Invite code' });
      await code.fill('   ');
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await snap(page, testInfo, name('redeem-code'));

      await page.goto('/reset-password?token=screenshot-token');
      await page.getByLabel('New Password').fill('short');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(
        'Password must be at least 8 characters long',
      );
      await snap(page, testInfo, name('reset-password'));
      await context.close();
    });
  }
}

async function openContactDialog(page: Page): Promise<void> {
  const card = page.locator('#emergency-contacts');
  await card.getByRole('button', { name: 'Add First Contact' }).click();
}
