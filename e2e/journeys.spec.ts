import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { api, personIn, sayImSafe, snapAll } from './support';

/**
 * Journeys whose deadlines live on the server. The browser starts them; the server's clock is moved
 * forward over the development-only `POST /api/dev/clock` (DEV_CLOCK_CONTROL, set by scripts/e2e-server.mjs), so
 * a deadline passes without waiting minutes and with no browser of the person open.
 */
test.use({
  geolocation: { latitude: 40.712776, longitude: -74.005974, accuracy: 12 },
  permissions: ['geolocation'],
});

/** Moves the server's clock forward; the deadlines that came due have fired when it answers. */
async function advanceServerClock(page: Page, ms: number): Promise<void> {
  const res = await page.request.post('/api/dev/clock', { data: { advanceMs: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Sets the browser's clock to the server's (an earlier test may have moved the server's forward), so the
 * countdowns, which count to the server's deadlines with the browser's clock, show what a phone would.
 */
async function alignBrowserClock(context: BrowserContext, page: Page): Promise<void> {
  const res = await page.request.post('/api/dev/clock', { data: { advanceMs: 0 } });
  const { offsetMs } = (await res.json()) as { offsetMs: number };
  await context.clock.install({ time: Date.now() + offsetMs });
}

/** POST /api/escort-sessions as the person on `page`, answering the status and error code. */
async function startEscortAs(page: Page): Promise<{ status: number; error?: string }> {
  return page.evaluate(async (key) => {
    const { access_token } = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
      access_token?: string;
    };
    const res = await fetch('/api/escort-sessions', {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ destination_address: '12 Market Street', estimated_duration_minutes: 5 }),
    });
    return { status: res.status, error: ((await res.json()) as { error?: string }).error };
  }, STORAGE_KEYS.session);
}

/** The person's texts in the dev SMS outbox. */
async function outboxTexts(page: Page): Promise<string[]> {
  const { messages } = await api<{ messages: Array<{ body: string }> }>(page, 'GET', '/api/dev/sms-outbox');
  return messages.map((message) => message.body);
}

// The two tests that move the server's clock run one after the other: one must not move it under the other.
test.describe.configure({ mode: 'serial' });

test('an escort whose deadline passes with the page closed texts the contact and shows EMERGENCY ALERT', async ({
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const options = {
    geolocation: { latitude: 40.712776, longitude: -74.005974, accuracy: 12 },
    permissions: ['geolocation'],
  };
  const wardContext = await browser.newContext(options);
  const guardianContext = await browser.newContext(options);
  const probe = await wardContext.newPage();
  await alignBrowserClock(wardContext, probe);
  await alignBrowserClock(guardianContext, probe);
  await probe.close();
  const ward = await personIn(wardContext, 'Esme Escort', 'escort-ward');
  const guardian = await personIn(guardianContext, 'Gus Guardian', 'escort-guardian');

  // Nobody to tell yet (no contact, no guardian): neither escort screen starts one, and neither does the server.
  await ward.getByRole('button', { name: 'Escort Mode' }).click();
  const dialog = ward.getByRole('dialog', { name: 'Escort Mode' });
  await expect(dialog.getByTestId('escort-nobody-to-tell')).toContainText(
    'Please add emergency contacts before starting escort mode.',
  );
  await dialog.getByLabel('Destination').fill('12 Market Street');
  await expect(dialog.getByRole('button', { name: 'Start Escort Mode' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add emergency contacts' })).toBeVisible();
  await snapAll(ward, testInfo, 'escort-00-dialog-nobody-to-tell');
  await ward.keyboard.press('Escape');
  await ward.goto('/map');
  await expect(ward.getByTestId('escort-nobody-to-tell')).toBeVisible();
  await ward.getByLabel('Destination').fill('12 Market Street');
  await expect(ward.getByRole('button', { name: 'Start Escort Mode' })).toBeDisabled();
  await snapAll(ward, testInfo, 'escort-00-map-nobody-to-tell');
  const refused = await startEscortAs(ward);
  expect(refused).toEqual({ status: 400, error: 'no_emergency_contacts' });

  const { code } = await api<{ code: string }>(guardian, 'POST', '/api/invite-codes');
  const request = await api<{ id: string }>(ward, 'POST', '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${request.id}`, { status: 'active' });
  await api(ward, 'POST', '/api/contacts', { name: 'Mia Contact', phone: '+12015550177' });

  // The ward starts a 5-minute escort on /map. Chromium's emulated position keeps the time it was set, and the
  // steps above can take a minute on a busy machine: set it again, so the page's first fix is not stale.
  await wardContext.setGeolocation(options.geolocation);
  await ward.reload();
  // The page asks for a fix every 30 s; on a busy machine the first may time out.
  await expect(ward.getByText('40.712776, -74.005974')).toBeVisible({ timeout: 70_000 });
  await ward.getByLabel('Destination').fill('12 Market Street');
  await ward.getByLabel('Estimated Duration (minutes)').fill('5');
  await snapAll(ward, testInfo, 'escort-01-setup');
  // Chromium's emulated position keeps the time it was set, and the pictures above can take over a minute on a
  // busy machine: set it again, so the escort's first fix is as fresh as a phone's.
  await wardContext.setGeolocation(options.geolocation);
  await ward.getByRole('button', { name: 'Start Escort Mode' }).click();
  await expect(ward.getByText('Tracking Active').first()).toBeVisible();
  await expect(ward.getByText(/^[45]:\d\d$/).first()).toBeVisible();
  await snapAll(ward, testInfo, 'escort-02-active');

  // The guardian sees the ward's escort, read over HTTP (a window opened after it started).
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Esme Escort' });
  await expect(card.getByText('To 12 Market Street')).toBeVisible({ timeout: 15_000 });
  // The ward's phone sends its position while /map is open: Online.
  await expect(card.getByTestId('ward-signal')).toHaveText('Online', { timeout: 30_000 });
  await snapAll(guardian, testInfo, 'escort-03-guardian-sees-escort');

  // The dashboard shows the running escort with its time left and I'm Safe.
  await ward.goto('/');
  const running = ward.getByRole('region', { name: 'Escort to 12 Market Street' });
  await expect(running.getByTestId('running-journey-time-left')).toHaveText(/^\d:\d\d left$/);
  await expect(running.getByRole('button', { name: "I'm Safe" })).toBeVisible();
  await snapAll(ward, testInfo, 'escort-02b-dashboard-running');

  // A last position on the server. The deadline passes (both clocks move five minutes and a few seconds): the
  // escort is still the ward's to end, and the dashboard asks "Are you safe?", counting down to the texts.
  await api(ward, 'POST', '/api/locations', { latitude: 40.7128, longitude: -74.006, accuracy: 10 });
  await advanceServerClock(ward, 5 * 60_000 + 5_000);
  await ward.clock.fastForward(5 * 60_000 + 5_000);
  const prompt = running.getByRole('alert', { name: 'Are you safe?' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText(/Your contacts will be texted in [01]:\d\d\./);
  await expect(prompt.getByRole('button', { name: 'Add time (+15 min)' })).toBeVisible();
  expect((await outboxTexts(ward)).filter((body) => body.includes('12 Market Street'))).toEqual([]);
  await snapAll(ward, testInfo, 'escort-02c-dashboard-last-chance');

  // Then the ward's phone is gone: the page is closed. Past the ward's last chance after the deadline (2 minutes
  // unless they chose otherwise), the contacts are texted.
  await ward.close();
  await advanceServerClock(guardian, 3 * 60_000);

  // The contact's text names the destination, how late and the last position, from the server alone.
  const reader = await wardContext.newPage();
  await reader.goto('/outbox');
  await expect
    .poll(async () => (await outboxTexts(reader)).join('\n'), { timeout: 30_000 })
    .toContain('Escort to 12 Market Street was due at');
  const text = (await outboxTexts(reader)).find((body) => body.includes('Escort to 12 Market Street'))!;
  expect(text).toMatch(/overdue/);
  expect(text).toMatch(
    /Last known location \(\d+ min ago\): https:\/\/www\.google\.com\/maps\?q=40\.712800,-74\.006000/,
  );
  expect(text).toContain('Esme Escort');

  // The guardian hears of the alert live.
  await expect(guardian.getByRole('alert', { name: 'Emergency alert from Esme Escort' })).toBeVisible({
    timeout: 20_000,
  });
  await snapAll(guardian, testInfo, 'escort-04-guardian-alert');
  // The ward's phone has been silent since: past the silence window, the badge no longer says Online. (Its last
  // signal came during the last chance, five minutes into the server's moved clock, which this page's has not
  // followed: hence five minutes more than the window.)
  await guardian.clock.fastForward('16:00');
  await expect(card.getByTestId('ward-signal')).toHaveText('No recent signal', { timeout: 20_000 });
  await expect(card.getByText('Online', { exact: true })).toHaveCount(0);
  // The card's header (the badge) just below the page's sticky header.
  await card.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72),
  );
  await snapAll(guardian, testInfo, 'escort-04b-guardian-silent-ward');

  // The ward opens Beacon again: the screen says what happened, truthfully.
  await reader.goto('/map');
  await expect(reader.getByText('EMERGENCY ALERT').first()).toBeVisible({ timeout: 20_000 });
  await snapAll(reader, testInfo, 'escort-05-ward-reopens');

  // "I'm safe" ends the alert: /map then shows no emergency, only a new escort's setup.
  await sayImSafe(reader);
  await expect(reader.getByTestId('active-alert-screen')).toHaveCount(0, { timeout: 20_000 });
  await expect(reader.getByRole('button', { name: 'Start Escort Mode' })).toBeVisible();
  await expect(reader.getByTestId('escort-status')).toHaveCount(0);
  await expect(reader.getByText('EMERGENCY ALERT', { exact: true })).toHaveCount(0);
  await expect(reader.getByText(/contacts are being alerted/)).toHaveCount(0);
  await snapAll(reader, testInfo, 'escort-06-map-after-im-safe');

  await Promise.all([wardContext.close(), guardianContext.close()]);
});

test('a check-in from the quick actions: Check-in Now moves the next due time the server keeps', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // The browser's clock, so minutes can pass on the page; the server's is moved by the same amount.
  await alignBrowserClock(page.context(), page);
  const ward = await personIn(page.context(), 'Cleo Checkin', 'checkin');
  await api(ward, 'POST', '/api/contacts', { name: 'Noor Contact', phone: '+12015550178' });
  await ward.goto('/');
  await ward.getByRole('button', { name: 'Check In' }).click();
  await expect(ward).toHaveURL(/\/checkin$/);
  await expect(ward.getByRole('heading', { name: 'Safety Check-In' })).toBeVisible();
  await ward.getByLabel('Check-in interval (minutes)').fill('5');
  await ward.getByRole('button', { name: 'Start Check-in' }).click();
  // Whole minutes, rounded up: a few milliseconds between the two clocks can make 5 read 6.
  const next = ward.getByTestId('checkin-next');
  await expect(next).toHaveText(/^[56] minutes$/);
  await expect(ward.getByLabel('Check-in interval (minutes)')).toBeDisabled();
  await snapAll(ward, testInfo, 'checkin-01-active');

  await advanceServerClock(ward, 3 * 60_000);
  await ward.clock.fastForward(3 * 60_000);
  await expect(next).toHaveText(/^[23] minutes$/);
  await ward.getByRole('button', { name: 'Check-in Now' }).click();
  await expect(next).toHaveText(/^[56] minutes$/);
  const { checkin } = await api<{ checkin: { next_due_at: string; last_checked_in_at: string } }>(
    ward,
    'GET',
    '/api/checkins/active',
  );
  expect(checkin.last_checked_in_at).not.toBeNull();
  await snapAll(ward, testInfo, 'checkin-02-checked-in');
  await ward.getByRole('button', { name: 'Stop Check-in' }).click();
  await expect(ward.getByLabel('Check-in interval (minutes)')).toBeEnabled();
});

test('the Safety Map from the quick actions shows nearby places and a place in detail', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const person = await personIn(page.context(), 'Sol Safemap', 'safety-map');
  await person.goto('/');
  await person.getByRole('button', { name: 'Show Map' }).click();
  const card = person.getByRole('region', { name: 'Safety Map - Emergency Services & Safe Places' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  // The places come from the fake Overpass the e2e server runs (real OpenStreetMap data around New York).
  const police = card.getByRole('button', { name: 'Police: NYPD 1st Precinct' });
  await expect(police).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('(Sample Data)')).toHaveCount(0);
  await snapAll(person, testInfo, 'safety-map-01-places');
  // A marker may lie outside the part of the map on screen; markers are reachable with the keyboard too.
  await police.press('Enter');
  const details = person.getByRole('region', { name: 'NYPD 1st Precinct' });
  await expect(details).toBeVisible();
  await expect(details.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(details.getByRole('link', { name: 'Get Directions' })).toHaveAttribute(
    'href',
    /openstreetmap/,
  );
  await details.scrollIntoViewIfNeeded();
  await snapAll(person, testInfo, 'safety-map-02-place');
});
