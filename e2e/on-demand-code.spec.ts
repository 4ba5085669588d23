import { expect, test } from '@playwright/test';
import { GUARDIAN_PAGE_TEXTS } from '../src/shared/guardian-linking-texts';
import { PERMISSIONS_TEXTS } from '../src/shared/onboarding-texts';
import { personIn } from './support';

// The service worker precaches every chunk, this test's subject (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Screens other than the dashboard and /sos load their code on demand (src/client/app/router.tsx); the service
// worker precaches every chunk, so they still open without a connection.
test('the dashboard loads without the other screens, which still open offline', async ({ context }) => {
  const requested: string[] = [];
  // What the page asks for; the service worker's own precaching downloads every chunk, by design.
  context.on('request', (request) => {
    if (request.serviceWorker() === null) requested.push(new URL(request.url()).pathname);
  });
  const page = await personIn(context, 'Olive Offline', 'on-demand');

  const firstVisit = requested.filter((path) => path.startsWith('/assets/'));
  expect(firstVisit.length).toBeGreaterThan(0);
  expect(
    // A screen's chunk is named after its module ("guardian-<hash>.js"); "guardian-ui-texts-<hash>.js", the
    // texts the first realtime event needs, is not a screen.
    firstVisit.filter((path) =>
      /^\/assets\/(leaflet|leaflet-map|guardian|guardian-view|settings-dialog-container|outbox)-[\w-]{8}\.js$/.test(
        path,
      ),
    ),
  ).toEqual([]);

  // The service worker has taken over and precached the app, lazily loaded chunks included.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/guardian');
  await expect(page.getByRole('heading', { name: GUARDIAN_PAGE_TEXTS.title })).toBeVisible();
  await page.goto('/permissions');
  await expect(page.getByRole('heading', { name: PERMISSIONS_TEXTS.title })).toBeVisible();
  await context.setOffline(false);
});
