import { expect, test } from '@playwright/test';
import { addContact, personIn, sayImSafe, snap } from './support';

const START = { latitude: 51.507351, longitude: -0.127758 };
const MOVED = { latitude: 51.51, longitude: -0.13 };

test('a guardian links with a ward, watches them move and sees their SOS live; the track page works signed out', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const guardianContext = await browser.newContext();
  const wardContext = await browser.newContext({ geolocation: START, permissions: ['geolocation'] });
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'guardian');
  const ward = await personIn(wardContext, 'Walt Ward', 'ward');

  // The guardian generates a code.
  await guardian.goto('/guardian');
  await guardian.getByRole('button', { name: 'Generate Invite Code' }).click();
  const codeItem = guardian.getByRole('listitem', { name: /^Invite code [A-Z0-9]{8}$/ }).first();
  await expect(codeItem).toBeVisible();
  const code = ((await codeItem.getAttribute('aria-label')) ?? (await codeItem.innerText())).match(
    /[A-Z0-9]{8}$/,
  )?.[0];
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await snap(guardian, testInfo, 'guardian-01-code');

  // The ward redeems it (typed in lower case: the input forces upper case).
  await ward.goto('/guardian');
  const input = ward.getByRole('textbox', { name: 'Invite code' });
  await expect(ward.getByRole('button', { name: 'Send Request' })).toBeDisabled();
  await input.fill(code!.toLowerCase());
  await expect(input).toHaveValue(code!);
  await ward.getByRole('button', { name: 'Send Request' }).click();
  await expect(ward.getByText('Wants to be your guardian', { exact: true })).toBeVisible();
  await snap(ward, testInfo, 'guardian-02-ward-pending');

  // The guardian sees the request without reloading, and approves it.
  await expect(guardian.getByText('Wants you as guardian', { exact: true })).toBeVisible();
  await expect(ward.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await guardian.getByRole('button', { name: 'Approve Walt Ward' }).click();
  await expect(guardian.getByRole('region', { name: 'People I Guard' }).getByText('Walt Ward')).toBeVisible();
  await snap(guardian, testInfo, 'guardian-03-approved');

  // The guardian watches; the ward's phone shares its position, then moves.
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Walt Ward' });
  await expect(card.getByTestId('ward-coordinates')).toContainText('51.507351', { timeout: 30_000 });
  await wardContext.setGeolocation(MOVED);
  // Chromium's emulated position does not wake an existing watcher; a reload starts a new one.
  await ward.reload();
  await expect(card.getByTestId('ward-coordinates')).toContainText('51.510000', { timeout: 40_000 });
  await snap(guardian, testInfo, 'guardian-04-ward-moved');

  // The ward raises an SOS; the guardian's open page shows it without a reload.
  await ward.goto('/');
  await addContact(ward, 'Nia Neighbour', '+14155550199');
  await ward.getByRole('link', { name: 'Safety' }).click();
  await ward.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(ward.getByText('Alert kept in the dev outbox').first()).toBeVisible({ timeout: 25_000 });
  const banner = guardian.getByRole('alert', { name: 'Emergency alert from Walt Ward' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByText('Nia Neighbour')).toBeVisible();
  await expect(banner.getByText('Not sent (dev outbox)', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByText('Location unknown')).toHaveCount(0);
  await snap(guardian, testInfo, 'guardian-05-alert');

  // A new window (as a push notification's click opens) never saw the live events; it reads the alert from the
  // server, with each text's status.
  const freshWindow = await guardianContext.newPage();
  await freshWindow.goto('/guardian/wards');
  const replayed = freshWindow.getByRole('alert', { name: 'Emergency alert from Walt Ward' });
  await expect(replayed).toBeVisible({ timeout: 15_000 });
  await expect(
    replayed.getByRole('listitem', { name: 'Nia Neighbour: Not sent (dev outbox)' }),
  ).toBeVisible();
  await expect(
    freshWindow.getByRole('article', { name: 'Walt Ward' }).getByText('Trigger: SOS button'),
  ).toBeVisible();
  await snap(freshWindow, testInfo, 'guardian-05b-alert-in-new-window');

  // The ward says they are safe (their active-alert screen stands in for every page until then), then makes a
  // share link; a signed-out browser follows it.
  await sayImSafe(ward);
  await expect(ward.getByTestId('active-alert-screen')).toHaveCount(0);
  await ward.goto('/guardian');
  // The SOS's own link is listed already (it ended with the SOS); the new one comes first once it is made.
  const links = ward.getByRole('textbox', { name: 'Share link' });
  await expect(links).toHaveCount(1);
  await ward.getByRole('button', { name: 'Generate Share Link' }).click();
  await expect(links).toHaveCount(2);
  const link = await links.first().inputValue();
  expect(link).toMatch(/\/track\/[0-9a-f-]{36}$/);
  const stranger = await browser.newContext();
  const viewer = await stranger.newPage();
  await viewer.goto(new URL(link).pathname);
  await expect(viewer.getByRole('heading', { level: 1, name: "Walt Ward's live location" })).toBeVisible();
  await snap(viewer, testInfo, 'guardian-06-track-page');

  await Promise.all([guardianContext.close(), wardContext.close(), stranger.close()]);
});
