import { expect, test, type Page } from '@playwright/test';
import { api, personIn, snapAll, toastsSettled } from './support';

/**
 * When nobody answers (docs/PRODUCT.md#when-nobody-answers): the person sets a short escalation time in Emergency
 * Settings, raises an SOS nobody answers, and the server's clock is moved forward over the development-only
 * `POST /api/dev/clock`: the contact gets a STILL NO RESPONSE text and a call is queued for the primary contact.
 * This server has no Twilio, so its dev outbox keeps the call (with the words it would speak) beside the texts.
 */
const MUM = '+12015550177';

type Detail = {
  alert: { id: string; state: string };
  deliveries: Array<{
    purpose: string;
    channel: string;
    recipient: string;
    status: string;
    last_error: string | null;
  }>;
  timeline: Array<{ kind: string; escalation_step: string | null; round: number | null }>;
};

async function advanceServerClock(page: Page, ms: number): Promise<void> {
  const res = await page.request.post('/api/dev/clock', { data: { advanceMs: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}

const stepsOf = (detail: Detail): string[] =>
  detail.timeline.filter((e) => e.kind === 'escalated').map((e) => `${e.round}:${e.escalation_step}`);

test('an SOS nobody answers texts STILL NO RESPONSE and queues the call after the chosen time', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext();
  const page = await personIn(context, 'Erin Escalate', 'escalation');
  await api(page, 'POST', '/api/contacts', { name: 'Mum', phone: MUM });

  // Emergency Settings › When nobody answers: the rules with the person's time, then a shorter one.
  await page.getByRole('button', { name: 'Open settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: /Emergency Settings/ })
    .click();
  const row = page.getByRole('button', { name: /When nobody answers/ });
  // The browser tests' server escalates after 30 minutes unless a person chooses (scripts/e2e-server.mjs).
  await expect(row).toContainText('Beacon escalates after 30 minutes');
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'When nobody answers' });
  await expect(dialog).toContainText('If nobody responds to your alert within 30 minutes');
  await snapAll(page, testInfo, 'escalation-dialog');

  const field = dialog.getByLabel('Escalate after (seconds)');
  await field.fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('The escalation time must be a whole number of seconds from 30 to 1800'),
  ).toBeVisible();
  await snapAll(page, testInfo, 'escalation-dialog-error');
  await field.fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await toastsSettled(page);
  await expect(row).toContainText('Beacon escalates after 30 seconds');
  await row.click();
  await expect(dialog).toContainText('If nobody responds to your alert within 30 seconds');
  await expect(dialog.getByRole('button', { name: 'Use the default' })).toBeVisible();
  await snapAll(page, testInfo, 'escalation-dialog-chosen');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // An SOS nobody answers.
  const raised = await api<{ alert: { id: string } }>(page, 'POST', '/api/alerts', { triggerType: 'manual' });
  const alertId = raised.alert.id;
  await expect(page.getByTestId('active-alert-screen')).toBeVisible({ timeout: 15_000 });
  const detail = () => api<Detail>(page, 'GET', `/api/alerts/${alertId}`);
  expect(stepsOf(await detail())).toEqual([]);

  // Past the person's time: Mum is texted again (no guardian, so no push), the alert is escalating.
  await advanceServerClock(page, 30_000);
  await expect.poll(async () => stepsOf(await detail()), { timeout: 20_000 }).toEqual(['1:text_again']);
  expect((await detail()).alert.state).toBe('escalating');
  // The dev outbox keeps the text (its page shows once the alert screen has gone, below).
  const outbox = () =>
    api<{ messages: Array<{ to: string; body: string; channel: string }> }>(
      page,
      'GET',
      '/api/dev/sms-outbox',
    );
  await expect
    .poll(async () => (await outbox()).messages.find((m) => m.body.startsWith('STILL NO RESPONSE')), {
      timeout: 20_000,
    })
    .toMatchObject({
      to: MUM,
      body: expect.stringContaining("nobody has answered Erin Escalate's emergency alert"),
    });

  // The call comes a little later, on the voice channel to the primary contact: the dev outbox keeps it.
  await advanceServerClock(page, 30_000);
  await expect
    .poll(async () => stepsOf(await detail()), { timeout: 20_000 })
    .toEqual(['1:text_again', '1:call']);
  await expect
    .poll(async () => (await detail()).deliveries.find((d) => d.channel === 'voice'), { timeout: 20_000 })
    .toMatchObject({ purpose: 'escalation', recipient: MUM, status: 'kept_in_dev_outbox', last_error: null });
  await expect
    .poll(async () => (await outbox()).messages.find((m) => m.channel === 'voice'), { timeout: 20_000 })
    .toMatchObject({ to: MUM, body: expect.stringContaining('Press 1 if you can help.') });

  // "I'm safe" ends it: nothing more, past the time of the next round. (No further: the server's clock stays moved
  // for the tests after this one, and a phone's emulated position keeps the browser's real time, so a move past the
  // silence window would make another test's ward look silent.)
  await api(page, 'POST', `/api/alerts/${alertId}/resolve`);
  await advanceServerClock(page, 5 * 60_000);
  expect(stepsOf(await detail())).toEqual(['1:text_again', '1:call']);
  await expect(page.getByTestId('active-alert-screen')).toHaveCount(0, { timeout: 15_000 });
  await page.goto('/outbox');
  const still = page.getByTestId('outbox-message').filter({ hasText: 'STILL NO RESPONSE' });
  await expect(still).toHaveCount(1);
  await expect(still).toContainText("nobody has answered Erin Escalate's emergency alert");
  await snapAll(page, testInfo, 'escalation-outbox');
  await context.close();
});
