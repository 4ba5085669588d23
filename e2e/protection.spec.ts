import { expect, test, type Locator, type Page } from '@playwright/test';
import { SOS } from '#shared/constants';
import type { ProtectionSettingsResponse } from '#shared/schemas/protection';
import { expectNoSeriousFindings, scan, type Finding } from './axe';
import {
  addContact,
  api,
  countPosts,
  markOnboardingSeen,
  signUp,
  snap,
  snapAll,
  uniqueEmail,
} from './support';

/**
 * AI Protection in a real browser (docs/PRODUCT.md#ai-protection): the AI Protection System dialog's controls
 * and badge, driven through the real sensor adapters — `devicemotion` events dispatched on the page, a scripted
 * SpeechRecognition (headless Chromium has none that works), an iPhone's motion permission — a shake that opens
 * the SOS countdown and, left alone, texts the contact, Cancel that sends nothing, and keywords that persist.
 */
const HOME = { latitude: 40.712776, longitude: -74.005974 };
// Chromium asks its sensors permission for motion (DeviceMotionEvent.requestPermission); a phone's Chrome has it.
test.use({ geolocation: HOME, permissions: ['geolocation', 'accelerometer', 'gyroscope'] });

const COUNTDOWN = 'Emergency SOS Activation';

/**
 * A SpeechRecognition the test speaks through (`window.beaconSay`), installed before the page loads: the
 * app's speech adapter drives it as it would the browser's. It starts listening at once, like Chrome's.
 */
async function installScriptedSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Handler = ((event: unknown) => void) | null;
    class ScriptedRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: Handler = null;
      onstart: Handler = null;
      start(): void {
        (window as unknown as { beaconRecognition: ScriptedRecognition | null }).beaconRecognition = this;
        setTimeout(() => this.onstart?.({}), 0);
      }
      abort(): void {
        const scope = window as unknown as { beaconRecognition: ScriptedRecognition | null };
        if (scope.beaconRecognition === this) scope.beaconRecognition = null;
      }
      stop(): void {
        this.abort();
      }
    }
    const scope = window as unknown as Record<string, unknown>;
    scope.SpeechRecognition = ScriptedRecognition;
    scope.webkitSpeechRecognition = ScriptedRecognition;
    scope.beaconSay = (transcript: string) => {
      const recognition = (window as unknown as { beaconRecognition: ScriptedRecognition | null })
        .beaconRecognition;
      const result = Object.assign([{ transcript }], { isFinal: true });
      recognition?.onresult?.({ resultIndex: 0, results: [result] });
    };
  });
}

/**
 * An iPhone's motion permission: `DeviceMotionEvent.requestPermission()` refuses to ask outside a tap and grants
 * inside one, as iOS Safari does. "Inside a tap" is while a pointer or key event is being dispatched (Playwright's
 * navigations count as user activation, so navigator.userActivation cannot tell).
 */
async function installIosMotionPermission(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let answer: 'granted' | null = null;
    let inTap = false;
    for (const type of ['pointerdown', 'pointerup', 'click', 'keydown']) {
      window.addEventListener(
        type,
        () => {
          inTap = true;
          setTimeout(() => (inTap = false), 0);
        },
        true,
      );
    }
    Object.assign(window.DeviceMotionEvent, {
      requestPermission: () => {
        if (answer) return Promise.resolve(answer);
        if (!inTap) {
          return Promise.reject(new DOMException('Requires a user gesture', 'NotAllowedError'));
        }
        answer = 'granted';
        return Promise.resolve(answer);
      },
    });
  });
}

/** `devicemotion` events with gravity at 60 Hz: a phone lying still, then (if asked) a hard shake. */
async function dispatchMotion(page: Page, kind: 'still' | 'shake'): Promise<void> {
  await page.evaluate((shake) => {
    for (let index = 0; index < 60; index++) {
      const x = shake ? 16 * Math.sin((2 * Math.PI * 5 * index) / 60) : 0.02;
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', {
          accelerationIncludingGravity: { x, y: shake ? 0.5 : -0.03, z: 9.81 },
          interval: 16,
        }),
      );
    }
  }, kind === 'shake');
}

async function setProtection(page: Page, settings: Partial<ProtectionSettingsResponse>): Promise<void> {
  await api(page, 'PATCH', '/api/protection-settings', settings);
}

async function openProtection(page: Page): Promise<Locator> {
  await page.getByTestId('quick-action-grid').getByRole('button', { name: 'AI Protection' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Protection System' });
  await expect(dialog.getByRole('switch', { name: 'Emergency Protection' })).toBeVisible();
  return dialog;
}

/** This person's texts in the dev SMS outbox (it lists everyone's; tests run in parallel). */
async function textsOf(page: Page): Promise<Array<{ to: string; body: string }>> {
  const { messages } = await api<{ messages: Array<{ to: string; body: string; user_id: string }> }>(
    page,
    'GET',
    '/api/dev/sms-outbox',
  );
  const userId = await page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('beacon-auth-session') ?? '{}') as { user?: { id: string } })
        .user?.id,
  );
  return messages.filter((message) => message.user_id === userId);
}

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
});

test('the dialog: the switches, the badge from what runs, the honest limits', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await installScriptedSpeech(page);
  await signUp(page, 'Pia Protect', uniqueEmail('protection-dialog'));
  const dialog = await openProtection(page);
  const badge = dialog.getByTestId('protection-level');
  await expect(badge).toHaveText('No Protection');
  await expect(dialog.getByText('Beacon is a web app: your browser gives it motion')).toBeVisible();
  await expect(dialog.getByText("Speech recognition is your browser's")).toBeVisible();
  await snapAll(page, testInfo, 'protection-dialog-off');

  // Loud sounds stay off here: Chromium's fake microphone beeps. Shake and voice make the maximum.
  await dialog.getByRole('switch', { name: 'Loud Sound Detection' }).click();
  await dialog.getByRole('switch', { name: 'Emergency Protection' }).click();
  await expect(dialog.getByTestId('detector-voice')).toHaveAttribute('data-state', 'running');
  // Motion runs only once a reading has come.
  await expect(badge).toHaveText('Protection Active');
  await dispatchMotion(page, 'still');
  await expect(badge).toHaveText('Maximum Protection Active');
  await expect(dialog.getByTestId('detector-shake')).toHaveText('Listening for a shake.');
  await snapAll(page, testInfo, 'protection-dialog-maximum');

  // Beacon hidden (the phone locked): everything pauses and says so; shown again, it all runs again.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(badge).toHaveText('No Protection');
  await expect(dialog.getByTestId('detector-shake')).toHaveText(
    'Paused: the screen is off or Beacon is not in front.',
  );
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await dispatchMotion(page, 'still');
  await expect(badge).toHaveText('Maximum Protection Active');

  // The readiness card on the dashboard tells the same.
  await page.keyboard.press('Escape');
  const readiness = page.getByTestId('protection-readiness');
  await expect(readiness).toContainText('AI Protection: Maximum Protection Active');
  await expect(readiness.getByTestId('readiness-loudSound')).toHaveText('Loud Sound Detection: Off');
  await readiness.scrollIntoViewIfNeeded();
  await snapAll(page, testInfo, 'protection-readiness');
});

test('on an iPhone, motion waits for Enable Motion Detection: Limited Protection until then', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await installIosMotionPermission(page);
  await signUp(page, 'Ivy Phone', uniqueEmail('protection-ios'));
  await setProtection(page, { enabled: true, loudSoundEnabled: false, voiceEnabled: false });
  await page.reload();
  // Asked at start, outside a tap: iOS refuses to ask.
  await expect(page.getByTestId('readiness-shake')).toHaveAttribute('data-state', 'needs-permission');
  const dialog = await openProtection(page);
  const badge = dialog.getByTestId('protection-level');
  await expect(badge).toHaveText('Limited Protection');
  const enable = dialog.getByRole('button', { name: 'Enable Motion Detection' });
  await expect(enable).toBeVisible();
  await snapAll(page, testInfo, 'protection-dialog-limited');
  await enable.click();
  await expect(enable).toBeHidden();
  await dispatchMotion(page, 'still');
  await expect(badge).toHaveText('Protection Active');
});

test('a shake opens the SOS countdown; left alone, the contact is texted that a shake raised it; Cancel sends nothing', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const alertRequests = await countPosts(page, '/api/alerts');
  await signUp(page, 'Sam Shaken', uniqueEmail('protection-shake'));
  await addContact(page, 'Grace Hopper', '+14155550111');
  await setProtection(page, { enabled: true, loudSoundEnabled: false, voiceEnabled: false });
  await page.reload();
  await expect(page.getByTestId('readiness-shake')).toHaveAttribute('data-state', /waiting|running/);
  await dispatchMotion(page, 'still');
  await expect(page.getByTestId('readiness-shake')).toHaveAttribute('data-state', 'running');

  // A false alarm: cancelled, nothing is sent. The page's timers run on a clock the test moves from here on.
  await page.clock.install();
  await dispatchMotion(page, 'shake');
  const countdown = page.getByRole('dialog', { name: COUNTDOWN });
  await expect(countdown.getByText('Beacon noticed a shake of the phone.')).toBeVisible();
  // Its picture with the clock held (a screenshot needs no page timers), then the dialog alone scanned, as the
  // accessibility spec does: the countdown must still be running when the scan ends, on a busy machine too.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await snap(page, testInfo, 'protection-countdown-phone-light');
  await page.clock.resume();
  const findings: Finding[] = [];
  await scan(page, 'protection countdown', findings, testInfo, { within: '[role="dialog"]' });
  expectNoSeriousFindings(findings);
  await countdown.getByRole('button', { name: 'Cancel Emergency' }).click();
  await expect(page.getByText('SOS Cancelled').first()).toBeVisible();
  await expect(countdown).toBeHidden();
  // Past the whole countdown and the cooldown: a countdown still running would have fired by now.
  await page.clock.runFor(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs + 10_000);
  expect((await alertRequests()).made).toBe(0);

  // Left alone, the alert goes out with the shake as its trigger.
  await dispatchMotion(page, 'shake');
  await expect(countdown.getByText('Beacon noticed a shake of the phone.')).toBeVisible();
  await page.clock.runFor(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs);
  await expect(page.getByTestId('active-alert-screen')).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await textsOf(page)).length, { timeout: 20_000 }).toBe(1);
  const [text] = await textsOf(page);
  expect(text?.to).toBe('+14155550111');
  expect(text?.body).toContain('Sam Shaken');
  expect(text?.body).toContain('raised by a shake of the phone');
  expect((await alertRequests()).made).toBe(1);
});

test('keywords edited in the dialog persist across a reload; a spoken keyword opens the countdown', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await installScriptedSpeech(page);
  await signUp(page, 'Kai Keywords', uniqueEmail('protection-keywords'));
  await addContact(page, 'Alan Turing', '+14155550112');
  let dialog = await openProtection(page);
  const input = dialog.getByRole('textbox', { name: 'New keyword' });
  const add = dialog.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  await input.fill('   ');
  await expect(add).toBeDisabled();
  await input.fill('  Stay AWAY ');
  await add.click();
  const list = dialog.getByTestId('keyword-list');
  await expect(list.getByText('stay away', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove keyword danger' }).click();
  await expect(list.getByText('danger', { exact: true })).toBeHidden();
  await input.fill('Help Me');
  await input.press('Enter');
  await expect(dialog.getByText('Each keyword may appear only once')).toBeVisible();
  await snapAll(page, testInfo, 'protection-keyword-error');
  await expect
    .poll(
      async () => (await api<ProtectionSettingsResponse>(page, 'GET', '/api/protection-settings')).keywords,
    )
    .toEqual(['help me', 'emergency', 'call for help', 'unsafe', 'stay away']);

  await page.reload();
  dialog = await openProtection(page);
  await expect(dialog.getByTestId('keyword-list').getByRole('listitem')).toHaveText([
    'help me',
    'emergency',
    'call for help',
    'unsafe',
    'stay away',
  ]);

  // Said aloud (through the scripted recognition), a keyword opens the countdown.
  await dialog.getByRole('switch', { name: 'Loud Sound Detection' }).click();
  await dialog.getByRole('switch', { name: 'Emergency Protection' }).click();
  await expect(dialog.getByTestId('detector-voice')).toHaveAttribute('data-state', 'running');
  await page.evaluate(() =>
    (window as unknown as { beaconSay: (text: string) => void }).beaconSay('please stay away'),
  );
  const countdown = page.getByRole('dialog', { name: COUNTDOWN });
  await expect(countdown.getByText('Beacon heard one of your keywords.')).toBeVisible();
  await countdown.getByRole('button', { name: 'Cancel Emergency' }).click();
  await expect(countdown).toBeHidden();
});
