import { expect, test } from '@playwright/test';
import { personIn, snapAll, toastsSettled } from './support';

/**
 * Who has looked and Stop all sharing, at phone size: the person makes a share link, someone opens it in another
 * browser, the person sees that look in "Who has looked" (device kind and network, never the address), stops all
 * sharing, and the other browser's page says the link has ended.
 */
test('the person sees who looked at their tracking page, then stops all sharing', async ({
  browser,
}, testInfo) => {
  test.slow();
  const own = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await personIn(own, 'Nora Shared', 'sharing');
  await page.goto('/guardian');
  await page.getByRole('button', { name: 'Generate Share Link' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const code = url.split('/track/')[1]!;

  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const viewer = await other.newPage();
  await viewer.goto(`/track/${code}`);
  await expect(viewer.getByRole('heading', { name: "Nora Shared's live location" })).toBeVisible();

  await page.getByRole('button', { name: 'Show who has looked' }).click();
  const list = page.getByRole('list', { name: 'Who has looked' });
  const look = list.getByRole('listitem').first();
  await expect(look).toContainText('Tracking page');
  // Headless Chromium on Linux says X11: a computer. The test server is reached over loopback.
  await expect(look).toContainText(/a computer · network 127\.0\.0\.0 · \d+ views? · /);
  await look.scrollIntoViewIfNeeded();
  await snapAll(page, testInfo, 'sharing-who-looked');

  await page.getByRole('button', { name: 'Stop all sharing' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Stop all sharing now?' });
  await expect(confirm).toContainText('Your guardians still see your alerts and your location.');
  await snapAll(page, testInfo, 'sharing-stop-confirm');
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('1 tracking link and 0 answer links ended.')).toBeVisible();
  await toastsSettled(page);
  await expect(page.getByText('No active share links.')).toBeVisible();

  // The viewer's page, polling, says the link has ended.
  await expect(viewer.getByRole('alert')).toContainText('This tracking link is no longer active.');
  await snapAll(viewer, testInfo, 'sharing-link-ended');
  await other.close();
  await own.close();
});
