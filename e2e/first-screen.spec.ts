import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { READINESS_CHECKING } from '#shared/dashboard-texts';
import { COMMON_TEXTS } from '#shared/ui-texts';
import { addContact, markOnboardingSeen, signUp, uniqueEmail } from './support';

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
});

test('a session about to expire shows the dashboard and its SOS button while the server renews it', async ({
  page,
}) => {
  await signUp(page, 'Ada Lovelace', uniqueEmail('first-screen'));
  await addContact(page, 'Grace Hopper', '+14155550101');
  const accessToken = (): Promise<string | undefined> =>
    page.evaluate(
      (key) =>
        (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token,
      STORAGE_KEYS.session,
    );
  const oldToken = await accessToken();
  // The access token has expired on the phone: the next start renews it before any read is sent.
  await page.evaluate((key) => {
    const session = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 10;
    window.localStorage.setItem(key, JSON.stringify(session));
  }, STORAGE_KEYS.session);

  // The renewal is held until the test lets it go: the server has not answered yet.
  let releaseRenewal: () => void = () => undefined;
  const renewalReleased = new Promise<void>((resolve) => {
    releaseRenewal = resolve;
  });
  let renewalAsked = false;
  const readsBeforeRenewal: string[] = [];
  await page.route('**/api/auth/token?grant_type=refresh_token', async (route) => {
    renewalAsked = true;
    await renewalReleased;
    await route.continue();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!renewalAsked || !['fetch', 'xhr'].includes(request.resourceType())) return;
    if (!url.pathname.startsWith('/api/') || url.pathname === '/api/auth/token') return;
    readsBeforeRenewal.push(`${request.method()} ${url.pathname}`);
  });
  await page.reload();

  // The SOS button is there and usable at once; the readiness card tells the truth: it is not known yet.
  await expect.poll(() => renewalAsked).toBe(true);
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeEnabled();
  await expect(page.getByTestId('system-ready')).toContainText(READINESS_CHECKING);
  // Not the full-screen loading overlay that used to stand in for every screen until the server answered.
  await expect(page.getByRole('status').filter({ hasText: COMMON_TEXTS.loading })).toHaveCount(0);
  // No request that would be refused with the old token, and sign the person out, went before the renewal.
  expect(readsBeforeRenewal).toEqual([]);

  releaseRenewal();
  await expect.poll(accessToken).not.toBe(oldToken);
  // Once renewed, the reads go out and the card shows what it found.
  await expect(page.getByTestId('system-ready')).not.toContainText(READINESS_CHECKING);
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeEnabled();
});
