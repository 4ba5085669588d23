import { expect, test, type Page } from '@playwright/test';
import { personIn, snap } from './support';

/**
 * The page a contact opens from an SOS text (/track/<code>), in a browser that has never seen Beacon and cannot
 * load map tiles: it still says that an SOS was raised and when, where the person is in words, with an Open in
 * Maps link, and shows "Map unavailable" with the coordinates instead of a grey box.
 */
const HOME = { latitude: 40.748817, longitude: -73.985428, accuracy: 12, address: '350 5th Ave, New York' };
// DEFAULT_TILE_URL (src/shared/constants.ts): https://tile.openstreetmap.org/{z}/{x}/{y}.png
const TILES = 'https://tile.openstreetmap.org/**';

/** Calls the API as the signed-in person (their bearer token is in localStorage). */
async function api(
  page: Page,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  return page.evaluate(
    async ({ path, body, headers }) => {
      const session = JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as {
        access_token?: string;
      };
      const res = await fetch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.access_token}`,
          ...headers,
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, body, headers },
  );
}

test('a contact opens the tracking page with map tiles blocked', async ({ browser }, testInfo) => {
  test.slow();
  const own = await browser.newContext();
  const page = await personIn(own, 'Ada Lovelace', 'track');
  const contact = (await api(page, '/api/contacts', { name: 'Grace Hopper', phone: '(201) 555-0142' })) as {
    phone: string;
  };
  expect(contact.phone).toBe('+12015550142');
  await api(page, '/api/locations', HOME);
  await api(
    page,
    '/api/alerts',
    { triggerType: 'manual', location: { latitude: HOME.latitude, longitude: HOME.longitude, accuracy: 12 } },
    { 'idempotency-key': `e2e-track-${Date.now()}` },
  );
  const link = (await api(page, '/api/share-links', {})) as { share_code: string };
  await own.close();

  const sizes = [
    { name: 'phone', viewport: { width: 390, height: 844 } },
    { name: 'desktop', viewport: { width: 1280, height: 800 } },
  ] as const;
  for (const size of sizes) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: size.viewport, colorScheme });
      await context.route(TILES, (route) => route.abort());
      const contactPage = await context.newPage();
      await contactPage.goto(`/track/${link.share_code}`);

      await expect(contactPage.getByRole('heading', { name: "Ada Lovelace's live location" })).toBeVisible();
      const sos = contactPage.getByRole('alert').filter({ hasText: 'Ada Lovelace raised an SOS' });
      await expect(sos).toBeVisible();
      await expect(sos).toContainText(
        /SOS raised .+ \((just now|\d+ s ago|\d+ min ago)\)\. It is still active\./,
      );
      await expect(contactPage.getByText('Near 350 5th Ave, New York')).toBeVisible();
      await expect(contactPage.getByText('40.748817, -73.985428 (within 12 m)')).toBeVisible();
      await expect(contactPage.getByText(/^Last updated /)).toBeVisible();
      await expect(contactPage.getByRole('link', { name: /^Open in Maps/ })).toHaveAttribute(
        'href',
        'https://www.google.com/maps?q=40.748817,-73.985428',
      );
      const unavailable = contactPage.getByTestId('map-unavailable');
      await expect(unavailable).toBeVisible();
      await expect(unavailable).toContainText('Map unavailable');
      await expect(unavailable).toContainText('40.748817, -73.985428');
      await snap(contactPage, testInfo, `track-${size.name}-${colorScheme}`);
      await context.close();
    }
  }
});
