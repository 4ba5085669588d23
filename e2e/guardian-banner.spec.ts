import { expect, test, type Page } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * "Guardians see one calm picture": a ward presses SOS three times, which is one alert (a repeated SOS
 * joins the open one), and the guardian sees ONE banner (their own SOS still on screen), says Seen (the banner
 * turns quiet and stays), the ward says "I'm safe" and the banner says so. Linking and alerts go through the API;
 * only what the guardian sees is driven by the UI. Several open alerts of one ward (a journey's deadline beside an
 * SOS) share the banner too, with a count: features/guardians/utils/ward-banners.test.ts.
 */

const postJson = (page: Page, url: string, data?: unknown) =>
  api<Record<string, unknown>>(page, 'POST', url, data);

test('a guardian sees one banner per ward, says Seen, and learns the ward is safe', async ({
  browser,
}, testInfo) => {
  // Two people, three presses and axe on six states: generous, as on a busy machine each scan takes seconds.
  test.setTimeout(400_000);
  const guardianContext = await browser.newContext();
  const wardContext = await browser.newContext();
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'banner-guardian');
  const ward = await personIn(wardContext, 'Walter Wardsworth-Fitzgerald', 'banner-ward');

  // Linked by invite code, over the API.
  const { code } = await postJson(guardian, '/api/invite-codes');
  const request = await postJson(ward, '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${String(request.id)}`, { status: 'active' });

  // The ward has a contact, then presses SOS three times: one alert.
  await postJson(ward, '/api/contacts', { name: 'Nia Neighbour', phone: '+12015550142' });
  await guardian.goto('/');
  const alertIds: string[] = [];
  for (const message of ['Followed', 'Still followed', 'Help']) {
    const detail = await postJson(ward, '/api/alerts', {
      triggerType: 'manual',
      message,
      location: { latitude: 51.5072, longitude: -0.1276, accuracy: 15 },
    });
    alertIds.push(String((detail.alert as { id: string }).id));
  }
  expect(new Set(alertIds).size).toBe(1);

  // ONE banner for the ward, with the alert's words; the guardian's own SOS is still on screen.
  const loud = guardian.getByRole('alert', { name: 'Emergency alert from Walter Wardsworth-Fitzgerald' });
  await expect(loud).toBeVisible({ timeout: 15_000 });
  await expect(loud).toHaveCount(1);
  await expect(loud).not.toContainText('earlier alert');
  await expect(loud).toContainText('“Followed”');
  const ownSos = guardian.getByRole('button', { name: /^SOS/ }).first();
  await expect(ownSos).toBeInViewport();
  await snapAll(guardian, testInfo, 'banner-01-one-alert');

  // Seen: quiet, still there (the ward is still in danger), and the same after a reload (stored on the server).
  await loud
    .getByRole('button', { name: 'Mark the alert from Walter Wardsworth-Fitzgerald as seen' })
    .click();
  const quiet = guardian.getByRole('status', { name: 'Emergency alert from Walter Wardsworth-Fitzgerald' });
  await expect(quiet).toBeVisible();
  await expect(quiet).toContainText('Still active');
  await expect(loud).toHaveCount(0);
  await guardian.reload();
  await expect(quiet).toBeVisible({ timeout: 15_000 });
  await expect(loud).toHaveCount(0);
  await expect(ownSos).toBeInViewport();
  await snapAll(guardian, testInfo, 'banner-02-seen');

  // The guardian view: the name in full, each alert's state.
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Walter Wardsworth-Fitzgerald' });
  await expect(card.getByText('Still active')).toHaveCount(1);
  await snapAll(guardian, testInfo, 'banner-03-guardian-view');

  // The ward says "I'm safe": the banner says so, live, and the card too.
  await guardian.goto('/');
  await expect(quiet).toBeVisible({ timeout: 15_000 });
  await postJson(ward, `/api/alerts/${alertIds[0]}/resolve`);
  const safe = guardian.getByRole('status', { name: 'Walter Wardsworth-Fitzgerald is safe' });
  await expect(safe).toBeVisible({ timeout: 15_000 });
  await expect(quiet).toHaveCount(0);
  await snapAll(guardian, testInfo, 'banner-04-safe');
  await safe.getByRole('button', { name: /^Close the notice/ }).click();
  await expect(safe).toHaveCount(0);
  await guardian.goto('/guardian/wards');
  await expect(card.getByText('Walter Wardsworth-Fitzgerald is safe')).toBeVisible();
  await expect(card.getByText('Resolved')).toHaveCount(1);
  await snapAll(guardian, testInfo, 'banner-05-guardian-view-safe');

  await Promise.all([guardianContext.close(), wardContext.close()]);
});
