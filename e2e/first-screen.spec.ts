import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { COMMON_TEXTS, SOS_TEXTS } from '#shared/ui-texts';
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
  // Every API request sent with the old token, and those sent with any other (path and token).
  const withOldToken: string[] = [];
  const sent: Array<{ path: string; authorization: string | undefined }> = [];
  await page.route('**/api/auth/token?grant_type=refresh_token', async (route) => {
    renewalAsked = true;
    await renewalReleased;
    await route.continue();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['fetch', 'xhr'].includes(request.resourceType()) || !url.pathname.startsWith('/api/')) return;
    const authorization = request.headers().authorization;
    if (authorization === `Bearer ${oldToken}`) withOldToken.push(`${request.method()} ${url.pathname}`);
    sent.push({ path: url.pathname, authorization });
  });
  await page.reload();

  // The SOS button is there and usable at once, not the loading overlay that used to stand in for every screen
  // until the server answered.
  await expect.poll(() => renewalAsked).toBe(true);
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeEnabled();
  await expect(page.getByRole('heading', { name: SOS_TEXTS.dashboardTitle })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: COMMON_TEXTS.loading })).toHaveCount(0);

  releaseRenewal();
  await expect.poll(accessToken).not.toBe(oldToken);
  const newToken = await accessToken();
  // Once renewed, the person's data is read with the new token; nothing went with the old one, which the server
  // would have refused, signing the person out.
  await expect
    .poll(() =>
      sent.some(
        (request) => request.path === '/api/profile' && request.authorization === `Bearer ${newToken}`,
      ),
    )
    .toBe(true);
  expect(withOldToken).toEqual([]);
  await expect(page.getByRole('button', { name: /^SOS/ }).first()).toBeEnabled();
});
