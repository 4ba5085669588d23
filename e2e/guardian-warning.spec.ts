import { expect, test, type Page } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * A ward's phone goes quiet during their escort: the guardian's screen is interrupted by a banner naming them,
 * saying when it went quiet and where it last was, until "Got it", which this device remembers across a reload;
 * the ward's card keeps the warning. The escort starts over the API and the ward's page closes (a phone gone
 * dark); the server's clock moves just past the silence window (2 minutes in scripts/e2e-server.mjs), a small
 * move, since the other tests' journeys share that clock.
 */

const SILENCE_MS = 2 * 60_000;

/** Moves the server's clock forward and answers its offset from real time. */
async function advanceServerClock(page: Page, ms: number): Promise<number> {
  const res = await page.request.post('/api/dev/clock', { data: { advanceMs: ms } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { offsetMs: number }).offsetMs;
}

test('a guardian is interrupted by a ward’s silence during their escort, and "Got it" keeps it away', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const guardianContext = await browser.newContext();
  const wardContext = await browser.newContext();
  const guardian = await personIn(guardianContext, 'Greta Guardian', 'warning-guardian');
  const ward = await personIn(wardContext, 'Maria Lopez', 'warning-ward');

  const { code } = await api<{ code: string }>(guardian, 'POST', '/api/invite-codes');
  const request = await api<{ id: string }>(ward, 'POST', '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${request.id}`, { status: 'active' });

  // The ward starts a 30-minute escort, then their phone goes dark: no heartbeat, no position.
  await api(ward, 'POST', '/api/escort-sessions', {
    destination_address: '12 Market Street',
    estimated_duration_minutes: 30,
  });
  await wardContext.close();

  // Past the silence window the server warns the guardians once; the guardian's browser follows the server's clock,
  // so "went quiet … ago" reads as a phone would.
  const offsetMs = await advanceServerClock(guardian, SILENCE_MS + 30_000);
  // The watch runs within a second or so of the move; the page then reads it (a warning written between the page's
  // first read and its realtime connection would wait for the next reload of the wards' journeys).
  await expect
    .poll(
      async () =>
        (
          await api<{ warnings: Array<{ kind: string }> }>(guardian, 'GET', '/api/wards/journeys')
        ).warnings.map((warning) => warning.kind),
      { timeout: 30_000 },
    )
    .toEqual(['silence']);
  await guardianContext.clock.install({ time: Date.now() + offsetMs });
  await guardian.goto('/');

  const banner = guardian.getByRole('alert', {
    name: /^Maria Lopez’s phone went quiet \d+ min ago during their escort$/,
  });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('Last seen at');
  await expect(banner.getByRole('link', { name: 'Open Maria Lopez’s card' })).toBeVisible();
  // The guardian's own SOS is still on screen below it.
  await expect(guardian.getByRole('button', { name: /^SOS/ }).first()).toBeInViewport();
  await snapAll(guardian, testInfo, 'warning-01-silence-banner');

  // "Got it": gone, and not back after a reload; the ward's card still says it.
  await banner.getByRole('button', { name: 'Got it: hide the warning about Maria Lopez' }).click();
  await expect(banner).toHaveCount(0);
  await guardian.reload();
  await expect(guardian.getByRole('button', { name: /^SOS/ }).first()).toBeVisible({ timeout: 15_000 });
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Maria Lopez' });
  await expect(card.getByTestId('ward-journey-warning')).toContainText('No signal from Maria Lopez since');
  await expect(guardian.getByTestId('ward-warning-banner')).toHaveCount(0);
  await snapAll(guardian, testInfo, 'warning-02-after-got-it');

  await guardianContext.close();
});
