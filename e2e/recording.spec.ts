import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import type { Recording } from '#shared/schemas/recording';
import { api, personIn, snapAll } from './support';

/**
 * Emergency recording in a real browser (docs/PRODUCT.md#emergency-recording): Chromium's fake camera and
 * microphone record, every second goes to the server as it is made, a guardian watches it while it grows, the
 * contact's tracking link plays it, a cut connection loses nothing, a closed page keeps what reached the server,
 * and the escort's Guardian Video Monitoring panel starts and stops it.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974, accuracy: 12 };
const RECORDER = {
  geolocation: HOME,
  permissions: ['camera', 'microphone', 'geolocation'],
  viewport: { width: 390, height: 844 },
};

/** "N of M seconds on the server", as the controls say it. */
type Progress = { onServer: number; made: number };

async function progressOf(controls: Locator): Promise<Progress> {
  const text = (await controls.getByTestId('recording-progress').textContent()) ?? '';
  const match = /^(\d+) of (\d+) seconds? on the server$/.exec(text.trim());
  expect(match, `progress line: ${text}`).not.toBeNull();
  return { onServer: Number(match![1]), made: Number(match![2]) };
}

/** Polls the controls until the server holds at least `seconds` seconds of the running recording. */
async function untilOnServer(controls: Locator, seconds: number): Promise<Progress> {
  await expect
    .poll(async () => (await progressOf(controls)).onServer, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(seconds);
  return progressOf(controls);
}

/** The person's own recordings, as the server has them. */
async function recordingsOf(page: Page): Promise<Recording[]> {
  return (await api<{ recordings: Recording[] }>(page, 'GET', '/api/recordings')).recordings;
}

/** Their only recording (each test's person makes one). */
async function onlyRecording(page: Page): Promise<Recording> {
  const recordings = await recordingsOf(page);
  expect(recordings).toHaveLength(1);
  return recordings[0]!;
}

/**
 * Resolves once the media element plays: it has a frame to show (readyState ≥ HAVE_CURRENT_DATA) and time moves
 * on or the video has a size. Started muted, as a browser lets a page start playback only so without a gesture.
 */
async function expectPlays(player: Locator): Promise<void> {
  await expect(player).toBeVisible({ timeout: 30_000 });
  await player.evaluate((element: HTMLMediaElement) => {
    element.muted = true;
    void element.play().catch(() => undefined);
  });
  await expect
    .poll(
      () =>
        player.evaluate((element: HTMLVideoElement) => ({
          ready: element.readyState >= 2,
          moving: element.currentTime > 0 || element.videoWidth > 0,
          error: element.error?.message ?? null,
        })),
      { timeout: 60_000 },
    )
    .toEqual({ ready: true, moving: true, error: null });
}

/**
 * Resolves once the playing recording has given the player sound to decode: the recording has its microphone's
 * track (Chromium's fake microphone beeps), not the camera's alone.
 */
async function expectSound(player: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        player.evaluate(
          (element: HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) =>
            element.webkitAudioDecodedByteCount ?? 0,
        ),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
}

/** This person's texts in the dev SMS outbox (it lists everyone's; tests run in parallel). */
async function textsOf(page: Page): Promise<string[]> {
  const userId = await page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { user?: { id: string } }).user?.id,
    STORAGE_KEYS.session,
  );
  const { messages } = await api<{ messages: Array<{ body: string; user_id: string }> }>(
    page,
    'GET',
    '/api/dev/sms-outbox',
  );
  return messages.filter((message) => message.user_id === userId).map((message) => message.body);
}

/** Links `guardian` to `ward` by invite code, over the API, and makes the link active. */
async function linkGuardian(guardian: Page, ward: Page): Promise<void> {
  const { code } = await api<{ code: string }>(guardian, 'POST', '/api/invite-codes');
  const request = await api<{ id: string }>(ward, 'POST', '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${request.id}`, { status: 'active' });
}

/** Raises an SOS from the dashboard's button: the countdown runs out and the active-alert screen shows. */
async function raiseSos(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^SOS/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Emergency SOS Activation' })).toBeVisible();
  const screen = page.getByTestId('active-alert-screen');
  await expect(screen).toBeVisible({ timeout: 60_000 });
  return screen;
}

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

test('recorded from the active-alert screen: a guardian watches it live, the contact’s link plays it, Verify says untampered', async ({
  browser,
}, testInfo) => {
  // Three people, a countdown, a recording, two players and axe on five states: generous on a busy machine.
  test.setTimeout(480_000);
  const wardContext = await browser.newContext(RECORDER);
  const guardianContext = await browser.newContext({ viewport: RECORDER.viewport });
  const contactContext = await browser.newContext({ viewport: RECORDER.viewport });
  contexts = [wardContext, guardianContext, contactContext];
  const ward = await personIn(wardContext, 'Rosa Recorder', 'rec-ward');
  const guardian = await personIn(guardianContext, 'Gil Guardian', 'rec-guardian');
  await linkGuardian(guardian, ward);
  await api(ward, 'POST', '/api/contacts', { name: 'Cora Contact', phone: '+12015550161' });

  // The guardian watches their wards; the SOS banner arriving says their live channel is open.
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Rosa Recorder' });
  await expect(card).toBeVisible({ timeout: 30_000 });

  await ward.reload();
  await expect(ward.locator('#emergency-contacts').getByText('Cora Contact')).toBeVisible();
  const screen = await raiseSos(ward);
  await expect(guardian.getByRole('alert', { name: 'Emergency alert from Rosa Recorder' })).toBeVisible({
    timeout: 30_000,
  });

  // The ward records from the active-alert screen: video, and the seconds reach the server as they are made.
  const controls = screen.getByTestId('recording-controls');
  await controls.getByRole('button', { name: 'Record what is happening' }).click();
  await expect(controls.getByText('Recording video and sound')).toBeVisible({ timeout: 30_000 });
  await untilOnServer(controls, 5);
  await expect(controls.getByTestId('recording-upload-failed')).toHaveCount(0);
  await snapAll(ward, testInfo, 'recording-01-alert-screen-recording');

  const live = await onlyRecording(ward);
  expect(live).toMatchObject({ status: 'recording', type: 'video', origin: 'active_alert' });
  expect(live.alert_id).not.toBeNull();
  expect(live.mime_type).toMatch(/^video\/webm/);

  // While it records, the guardian opens it from the ward's card, and it plays.
  const link = card.getByTestId('ward-recordings').getByRole('link', { name: /During an alert.*Recording$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(guardian).toHaveURL(new RegExp(`/recordings/${live.id}$`));
  const guardianPage = guardian.getByTestId('recording-page');
  await expect(guardianPage.getByText('Recorded by Rosa Recorder')).toBeVisible();
  await expect(guardianPage.getByTestId('recording-status-badge')).toHaveText('Recording');
  await expectPlays(guardianPage.getByTestId('recording-player'));
  await expectSound(guardianPage.getByTestId('recording-player'));
  expect((await onlyRecording(ward)).status).toBe('recording');
  // Verify while it records checks what the server's record covers so far; it is signed once it ends.
  await guardianPage.getByRole('button', { name: 'Verify' }).click();
  const partial = guardianPage.getByTestId('verify-result');
  await expect(partial).toHaveAttribute('data-result', 'unsigned', { timeout: 60_000 });
  await expect(partial).toContainText('Not signed yet: the server signs it when the recording ends.');
  await snapAll(guardian, testInfo, 'recording-02-guardian-watching-live');

  // The ward stops: every second made reaches the server and it is sealed.
  await controls.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(controls.getByRole('button', { name: 'Record what is happening' })).toBeVisible();
  await expect.poll(async () => (await onlyRecording(ward)).status, { timeout: 60_000 }).toBe('finished');
  const made = (await progressOf(controls)).made;
  const finished = await onlyRecording(ward);
  expect(finished).toMatchObject({ contiguous_chunks: made, declared_chunks: made, signed: true });
  await expect(controls.getByTestId('recording-progress')).toHaveText(
    `${made} of ${made} seconds on the server`,
  );
  await snapAll(ward, testInfo, 'recording-03-alert-screen-stopped');

  // The owner's page: Finished, and Verify finds the download matches the server's signed record.
  await controls.getByRole('link', { name: 'Open the recording' }).click();
  await expect(ward).toHaveURL(new RegExp(`/recordings/${live.id}$`));
  const ownerPage = ward.getByTestId('recording-page');
  await expect(ownerPage.getByTestId('recording-status-badge')).toHaveText('Finished');
  await expect(ownerPage.getByTestId('recording-seconds')).toHaveText(`${made} seconds on the server`);
  await expectPlays(ownerPage.getByTestId('recording-player'));
  await ownerPage.getByRole('button', { name: 'Verify' }).click();
  const verdict = ownerPage.getByTestId('verify-result');
  await expect(verdict).toHaveAttribute('data-result', 'untampered', { timeout: 60_000 });
  await expect(verdict).toHaveText(`Untampered: matches the server's signed record up to second ${made}.`);
  // Who watched: the guardian (playing it, then Verify, each a logged view).
  await expect(ownerPage.getByText('Gil Guardian (guardian)').first()).toBeVisible();
  await snapAll(ward, testInfo, 'recording-04-owner-page-verified');

  // The contact, never signed in, opens the tracking link from the text and plays it.
  const texts = await textsOf(ward);
  const code = texts.map((body) => /\/track\/([0-9a-f-]{36})/.exec(body)?.[1]).find(Boolean);
  expect(code, texts.join('\n')).toBeTruthy();
  const contact = await contactContext.newPage();
  await contact.goto(`/track/${code}`);
  const shared = contact.getByTestId('shared-recording');
  await expect(shared).toHaveCount(1, { timeout: 30_000 });
  await expect(shared).toContainText('Finished');
  await shared.getByRole('button', { name: 'Play' }).click();
  await expectPlays(shared.getByTestId('recording-player'));
  await shared.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await snapAll(contact, testInfo, 'recording-05-tracking-page-playing');
});

test('the connection drops mid-recording: the seconds wait on the phone and every one reaches the server', async ({
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  // Offline as a phone is: with the service worker, which serves the app's code (blocked elsewhere).
  const context = await browser.newContext({ ...RECORDER, serviceWorkers: 'allow' });
  contexts = [context];
  const page = await personIn(context, 'Nico Network', 'rec-offline');
  await page.goto('/sos');
  const controls = page.getByTestId('recording-controls');
  await controls.getByRole('button', { name: 'Record what is happening' }).click();
  await untilOnServer(controls, 2);

  // Offline: the seconds keep being made, stored on this phone, and the controls say so.
  await context.setOffline(true);
  const failed = controls.getByTestId('recording-upload-failed');
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText('Upload Failed');
  await expect(failed).toContainText(/saved on this phone, not yet on the server/);
  const cut = await progressOf(controls);
  await expect
    .poll(async () => (await progressOf(controls)).made, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(cut.made + 3);
  await snapAll(page, testInfo, 'recording-06-sos-upload-failed');

  // Back online, then stopped: everything the phone made is on the server, without a gap, and sealed.
  await context.setOffline(false);
  await controls.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(controls.getByRole('button', { name: 'Record what is happening' })).toBeVisible();
  await expect.poll(async () => (await onlyRecording(page)).status, { timeout: 120_000 }).toBe('finished');
  const { made } = await progressOf(controls);
  expect(made).toBeGreaterThanOrEqual(cut.made + 3);
  expect(await onlyRecording(page)).toMatchObject({
    origin: 'sos',
    contiguous_chunks: made,
    stored_chunks: made,
    declared_chunks: made,
    signed: true,
  });
  await expect(controls.getByTestId('recording-progress')).toHaveText(
    `${made} of ${made} seconds on the server`,
  );
  await expect(failed).toHaveCount(0);
  await expect(controls.getByText('Your last recording')).toBeVisible();
  await expect(controls.getByTestId('recording-all-uploaded')).toHaveText(
    'Everything recorded is on the server.',
  );
  await snapAll(page, testInfo, 'recording-07-sos-all-uploaded');
});

test('the page is closed mid-recording: what reached the server stays, and the rest goes when Beacon opens again', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext(RECORDER);
  contexts = [context];
  const page = await personIn(context, 'Cleo Closed', 'rec-closed');
  const token = await page.evaluate(
    (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token,
    STORAGE_KEYS.session,
  );
  await page.goto('/sos');
  const controls = page.getByTestId('recording-controls');
  await controls.getByRole('button', { name: 'Record what is happening' }).click();
  // Six seconds on the server, and the upload keeping up (at most the newest second on its way), as on a phone
  // with a working connection: a machine busy with other tests can hold an upload back for a while.
  await expect
    .poll(
      async () => {
        const { onServer, made } = await progressOf(controls);
        return onServer >= 6 && made - onServer <= 1;
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  // The phone is gone at second N: nobody stops the recording and nothing more comes from this page.
  const { made } = await progressOf(controls);
  await page.close();
  const asServerHasIt = async (): Promise<Recording> => {
    const res = await context.request.get('/api/recordings', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);
    const { recordings } = (await res.json()) as { recordings: Recording[] };
    expect(recordings).toHaveLength(1);
    return recordings[0]!;
  };
  const kept = await asServerHasIt();
  expect(kept.status).toBe('recording');
  expect(kept.contiguous_chunks).toBeGreaterThanOrEqual(made - 2);
  // No gap: a piece cut off half-way by the closing page was not stored in part.
  expect(kept.stored_chunks).toBe(kept.contiguous_chunks);

  // The same phone opens Beacon again: the seconds it had stored but not sent go by themselves.
  const again = await context.newPage();
  await again.goto('/');
  await expect
    .poll(async () => (await asServerHasIt()).contiguous_chunks, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(made);
  const after = await asServerHasIt();
  expect(after.stored_chunks).toBe(after.contiguous_chunks);
});

test("an escort's Guardian Video Monitoring panel starts and stops the recording", async ({
  browser,
}, testInfo) => {
  test.setTimeout(400_000);
  const context = await browser.newContext(RECORDER);
  contexts = [context];
  const page = await personIn(context, 'Esra Escort', 'rec-escort');
  await api(page, 'POST', '/api/contacts', { name: 'Milo Contact', phone: '+12015550162' });
  await page.goto('/map');
  // The page asks for a fix every 30 s; on a busy machine the first may time out.
  await expect(page.getByText('40.712776, -74.005974')).toBeVisible({ timeout: 70_000 });
  await page.getByLabel('Destination').fill('12 Market Street');
  await page.getByLabel('Estimated Duration (minutes)').fill('30');
  await context.setGeolocation(HOME);
  await page.getByRole('button', { name: 'Start Escort Mode' }).click();
  await expect(page.getByText('Tracking Active').first()).toBeVisible({ timeout: 30_000 });

  const monitoring = page.getByTestId('escort-video-monitoring');
  await expect(monitoring).toHaveText('Stopped');
  const panel = page.getByRole('region', { name: 'Guardian Video Monitoring' });
  await expect(panel).toContainText('Your guardians are told the moment you start recording');
  await snapAll(page, testInfo, 'recording-08-escort-stopped');

  await panel.getByRole('button', { name: 'Start Recording' }).click();
  await expect(monitoring).toHaveText('Recording', { timeout: 30_000 });
  await untilOnServer(panel, 2);
  const live = await onlyRecording(page);
  expect(live).toMatchObject({ status: 'recording', origin: 'escort', type: 'video' });
  expect(live.escort_session_id).not.toBeNull();
  await snapAll(page, testInfo, 'recording-09-escort-recording');

  await panel.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(monitoring).toHaveText('Stopped');
  await expect.poll(async () => (await onlyRecording(page)).status, { timeout: 60_000 }).toBe('finished');
  const { made } = await progressOf(panel);
  expect(await onlyRecording(page)).toMatchObject({ contiguous_chunks: made, declared_chunks: made });
  await expect(panel.getByTestId('recording-progress')).toHaveText(
    `${made} of ${made} seconds on the server`,
  );
  await snapAll(page, testInfo, 'recording-10-escort-stopped-after');

  // The escort ends; nothing is left to come due on the server.
  await page.getByRole('button', { name: "I'm Safe - Stop Tracking" }).click();
  await expect(page.getByRole('button', { name: 'Start Escort Mode' })).toBeVisible({ timeout: 30_000 });
});
