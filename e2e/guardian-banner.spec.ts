import { expect, test, type Page } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * Issue 11, "guardians see one calm picture": a ward raises three alerts, the guardian sees ONE banner with a
 * count (their own SOS still on screen), says Seen (the banner turns quiet and stays), the ward says "I'm safe"
 * and the banner says so. Linking and alerts go through the API; only what the guardian sees is driven by the UI.
 */

const postJson = (page: Page, url: string, data?: unknown) =>
  api<Record<string, unknown>>(page, 'POST', url, data);

test('a guardian sees one banner per ward, says Seen, and learns the ward is safe', async ({
  browser,
}, testInfo) => {
  // Two people, three alerts and axe on six states: generous, as on a busy machine each scan takes seconds.
  test.setTimeout(400_000);
  const guardianContext = await browser.newContext();
  const wardContext = await browser.newContext();
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'banner-guardian');
  const ward = await personIn(wardContext, 'Walter Wardsworth-Fitzgerald', 'banner-ward');

  // Linked by invite code, over the API.
  const { code } = await postJson(guardian, '/api/invite-codes');
  const request = await postJson(ward, '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${String(request.id)}`, { status: 'active' });

  // The ward has a contact, then raises three alerts.
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

  // ONE banner for the ward, with the count; the guardian's own SOS is still on screen.
  const loud = guardian.getByRole('alert', { name: 'Emergency alert from Walter Wardsworth-Fitzgerald' });
  await expect(loud).toBeVisible({ timeout: 15_000 });
  await expect(loud).toHaveCount(1);
  await expect(loud).toContainText('+2 earlier alerts');
  await expect(loud).toContainText('“Help”');
  const ownSos = guardian.getByRole('button', { name: /^SOS/ }).first();
  await expect(ownSos).toBeInViewport();
  await snapAll(guardian, testInfo, 'banner-01-three-alerts');

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
  await expect(card.getByText('Still active')).toHaveCount(3);
  await snapAll(guardian, testInfo, 'banner-03-guardian-view');

  // The ward says "I'm safe": the banner says so, live, and the card too.
  await guardian.goto('/');
  await expect(quiet).toBeVisible({ timeout: 15_000 });
  await postJson(ward, `/api/alerts/${alertIds[2]}/resolve`);
  const safe = guardian.getByRole('status', { name: 'Walter Wardsworth-Fitzgerald is safe' });
  await expect(safe).toBeVisible({ timeout: 15_000 });
  await expect(quiet).toHaveCount(0);
  await snapAll(guardian, testInfo, 'banner-04-safe');
  await safe.getByRole('button', { name: /^Close the notice/ }).click();
  await expect(safe).toHaveCount(0);
  await guardian.goto('/guardian/wards');
  await expect(card.getByText('Walter Wardsworth-Fitzgerald is safe')).toBeVisible();
  await expect(card.getByText('Resolved')).toHaveCount(3);
  await snapAll(guardian, testInfo, 'banner-05-guardian-view-safe');

  await Promise.all([guardianContext.close(), wardContext.close()]);
});
