import { expect, test, type Page } from '@playwright/test';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { NAV_TEXTS } from '#shared/ui-texts';
import { markOnboardingSeen, signUp, snapAll, uniqueEmail } from './support';

/**
 * Fake Call at 390 × 844: scheduled from the dashboard's quick action, it rings on whichever screen of the app the
 * person has moved to, with the synthesised ringtone, and is answered and ended there; it works without a
 * connection. `snapAll` scans the dialog, the waiting line, the incoming call and the call with axe.
 */

type RingLog = { started: number; states: string[] };

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
  // Every oscillator the page starts, with its audio context's state at that moment: the ringtone really sounds
  // only from a running context.
  await page.addInitScript(() => {
    const log: RingLog = { started: 0, states: [] };
    (window as unknown as { ringLog: RingLog }).ringLog = log;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function startAndLog(this: OscillatorNode, when?: number) {
      log.started += 1;
      log.states.push(this.context.state);
      start.call(this, when);
    };
  });
});

const ringLog = (page: Page) => page.evaluate(() => (window as unknown as { ringLog: RingLog }).ringLog);

async function openFakeCall(page: Page) {
  await page.getByRole('button', { name: 'Fake Call', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: FAKE_CALL_TEXTS.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a fake call scheduled on the dashboard rings on another screen, is answered, and ends where the person is', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page, 'Fiona Fakecall', uniqueEmail('fake-call'));

  const dialog = await openFakeCall(page);
  await expect(dialog.getByLabel(FAKE_CALL_TEXTS.callerName)).toHaveValue('Mum');
  await expect(dialog).toContainText(FAKE_CALL_TEXTS.keepOpen);
  await snapAll(page, testInfo, 'fake-call-01-dialog');

  // The discreet line while waiting, and Cancel.
  await dialog.getByText('5 min').click();
  await dialog.getByRole('button', { name: FAKE_CALL_TEXTS.schedule }).click();
  const waiting = page.getByTestId('scheduled-call');
  await expect(waiting).toContainText(/Call in [45]:\d\d/);
  await snapAll(page, testInfo, 'fake-call-02-waiting');
  await page.getByRole('button', { name: FAKE_CALL_TEXTS.cancelLabel }).click();
  await expect(waiting).toBeHidden();

  // 10 s, a caller of the person's own, and a move to another screen of the app while it waits.
  const again = await openFakeCall(page);
  await again.getByLabel(FAKE_CALL_TEXTS.callerName).fill('Dad');
  await again.getByText('10 s').click();
  await again.getByRole('button', { name: FAKE_CALL_TEXTS.schedule }).click();
  await expect(waiting).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: NAV_TEXTS.safety })
    .click();
  await expect(page).toHaveURL(/\/sos$/);
  await expect(waiting).toBeVisible();
  expect((await ringLog(page)).started).toBe(0);

  const incoming = page.getByRole('dialog', { name: 'Dad' });
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  await expect(incoming).toContainText(FAKE_CALL_TEXTS.incoming);
  await expect(incoming).toHaveAttribute('data-ringtone', 'playing');
  await expect.poll(async () => (await ringLog(page)).started).toBeGreaterThan(0);
  expect((await ringLog(page)).states).toContain('running');
  await snapAll(page, testInfo, 'fake-call-03-incoming');

  await incoming.getByRole('button', { name: FAKE_CALL_TEXTS.acceptLabel }).click();
  const call = page.getByRole('dialog', { name: 'Dad' });
  await expect(call).toHaveAttribute('data-testid', 'call-screen');
  const timer = call.getByTestId('call-timer');
  await expect(timer).toHaveText('0:00');
  await expect(timer).not.toHaveText('0:00');
  // This Chromium may or may not have a voice: either the caller speaks or the call is silent, never "pending".
  await expect(call).toHaveAttribute('data-caller-voice', /^(voice|none)$/);
  testInfo.annotations.push({
    type: 'caller voice',
    description: (await call.getAttribute('data-caller-voice')) ?? '',
  });
  // The ringing stopped when the call was answered.
  const startedWhenAnswered = (await ringLog(page)).started;
  await snapAll(page, testInfo, 'fake-call-04-call');
  expect((await ringLog(page)).started).toBe(startedWhenAnswered);

  await call.getByRole('button', { name: FAKE_CALL_TEXTS.endCall }).click();
  await expect(call).toBeHidden();
  await expect(page).toHaveURL(/\/sos$/);
  await expect(waiting).toBeHidden();
});

test.describe('with the service worker', () => {
  // The app opens offline through its service worker (blocked elsewhere: playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('a fake call works without a connection', async ({ page, context }) => {
    await signUp(page, 'Otto Offline', uniqueEmail('fake-call-offline'));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    const dialog = await openFakeCall(page);
    await dialog.getByText('Now').click();
    await dialog.getByRole('button', { name: FAKE_CALL_TEXTS.schedule }).click();
    const incoming = page.getByRole('dialog', { name: 'Mum' });
    await expect(incoming).toBeVisible();
    await expect(incoming).toHaveAttribute('data-ringtone', 'playing');
    await incoming.getByRole('button', { name: FAKE_CALL_TEXTS.declineLabel }).click();
    await expect(incoming).toBeHidden();
    await expect(page.getByRole('button', { name: 'Fake Call', exact: true })).toBeVisible();
    await context.setOffline(false);
  });
});
