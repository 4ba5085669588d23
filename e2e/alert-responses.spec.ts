import { expect, test, type Page } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * "Someone is coming — and the person sees it": a ward raises an SOS, their guardian taps "I'm on my way" on the
 * alert's banner, and the ward's active-alert screen says "<guardian> is on the way" without a reload, with the
 * alert's state and timeline. Linking and the SOS go through the API; what each of them sees is driven by the UI.
 */

const postJson = (page: Page, url: string, data?: unknown) =>
  api<Record<string, unknown>>(page, 'POST', url, data);

test('a guardian says they are on their way and the person in danger sees it', async ({
  browser,
}, testInfo) => {
  // Two people and axe on four states, light and dark: generous, as each scan takes seconds on a busy machine.
  test.setTimeout(300_000);
  const guardianContext = await browser.newContext();
  const wardContext = await browser.newContext();
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'responses-guardian');
  const ward = await personIn(wardContext, 'Walter Ward', 'responses-ward');

  const { code } = await postJson(guardian, '/api/invite-codes');
  const request = await postJson(ward, '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${String(request.id)}`, { status: 'active' });
  await postJson(ward, '/api/contacts', { name: 'Nia Neighbour', phone: '+12015550142' });

  // The SOS: the ward's screen becomes the active-alert screen, where nobody has answered yet.
  await guardian.goto('/guardian/wards');
  await postJson(ward, '/api/alerts', {
    triggerType: 'manual',
    location: { latitude: 51.5072, longitude: -0.1276, accuracy: 15 },
  });
  await ward.goto('/');
  const panel = ward.getByTestId('who-is-coming');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('Nobody has answered yet');
  await expect(panel.getByTestId('alert-state')).toHaveText('Alert sent');
  await expect(panel.getByTestId('alert-timeline')).toContainText('Alert raised');
  await snapAll(ward, testInfo, 'responses-01-person-waiting');

  // The guardian's banner offers both answers.
  const banner = guardian.getByRole('alert', { name: 'Emergency alert from Walter Ward' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const answers = banner.getByRole('group', { name: 'Tell Walter Ward you are coming' });
  await expect(answers.getByRole('button')).toHaveText(["I'm on my way", "I'm calling them"]);
  await snapAll(guardian, testInfo, 'responses-02-guardian-buttons');

  await answers.getByRole('button', { name: "I'm on my way" }).click();
  await expect(banner.getByTestId('my-answer')).toHaveText("You answered: I'm on my way");
  await expect(banner.getByTestId('ward-alert-responders')).toContainText('Gloria Guardian is on the way');
  await snapAll(guardian, testInfo, 'responses-03-guardian-answered');

  // The person sees it live, and again after a reload (from GET /api/alerts).
  await expect(panel.getByTestId('responses')).toContainText(
    /Gloria Guardian is on the way — (just now|\d+ s ago)/,
  );
  await expect(panel.getByTestId('alert-state')).toHaveText('Someone answered');
  await expect(panel.getByTestId('alert-timeline')).toContainText('Gloria Guardian is on the way');
  await snapAll(ward, testInfo, 'responses-04-person-answered');
  await ward.reload();
  await expect(panel.getByTestId('responses')).toContainText('Gloria Guardian is on the way', {
    timeout: 15_000,
  });

  await Promise.all([guardianContext.close(), wardContext.close()]);
});
