import { expect, test } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * "Test my safety network": a person with one contact opens Emergency Settings, is warned that only one person can
 * be reached, and sends the TEST alert. The dev outbox holds the contact's TEST text with its link; the contact opens
 * it in a browser that has never seen Beacon, confirms, and the person's drill screen shows them confirmed. The
 * person's own phone never switches to the emergency screen.
 */
const MUM = '+12015550161';

type Outbox = { messages: Array<{ to: string; body: string }> };

test('a person tests their safety network and sees their contact confirm', async ({ browser }, testInfo) => {
  test.slow();
  const own = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await personIn(own, 'Dana Drill', 'drill');
  await api(page, 'POST', '/api/contacts', { name: 'Mum', phone: MUM });

  await page.getByRole('button', { name: 'Open settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: /Emergency Settings/ })
    .click();
  await page.getByRole('button', { name: /Test my safety network/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test my safety network' });
  await expect(dialog.getByRole('alert')).toContainText('Only 1 person can be reached');
  await snapAll(page, testInfo, 'drill-before');

  await dialog.getByRole('button', { name: 'Send TEST alert' }).click();
  await expect(dialog.getByText('TEST alert under way')).toBeVisible();
  const mum = dialog.getByTestId('drill-recipient').filter({ hasText: 'Mum' });
  await expect(mum).toContainText('Kept in the dev outbox (not sent)');
  await expect(mum).toContainText('Not confirmed yet');
  // The person's own phone stays where it was: no emergency screen for a drill.
  await expect(page.getByRole('button', { name: "I'm safe" })).toHaveCount(0);

  // The dev outbox holds Mum's TEST text, with her own link to confirm.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = await api<Outbox>(page, 'GET', '/api/dev/sms-outbox');
      const text = messages.find((message) => message.to === MUM)?.body ?? '';
      expect(text).toMatch(
        /^TEST from Beacon — Dana Drill is testing their safety network\. Nothing is wrong\./,
      );
      link = /\nTap to confirm you got it: (\S+\/r\/[a-z2-7]{26})$/.exec(text)?.[1];
      return link;
    })
    .toBeDefined();

  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const contact = await elsewhere.newPage();
  await contact.goto(new URL(link!).pathname);
  await expect(
    contact.getByRole('heading', { name: 'TEST: Dana is testing their safety network', level: 1 }),
  ).toBeVisible();
  await expect(contact.getByText('Nothing is wrong.')).toBeVisible();
  await snapAll(contact, testInfo, 'drill-contact-page');
  await contact.getByRole('button', { name: 'I got it' }).click();
  await expect(contact.getByText('Confirmed: thank you.')).toBeVisible();
  await snapAll(contact, testInfo, 'drill-contact-confirmed');

  // The person's drill screen shows Mum confirmed (from the realtime event, or the screen's own re-read).
  await expect(mum).toContainText('Confirmed');
  await expect(mum).not.toContainText('Not confirmed yet');
  await snapAll(page, testInfo, 'drill-answered');

  await dialog.getByRole('button', { name: 'End test' }).click();
  await expect(dialog.getByText('Test ended')).toBeVisible();
  await snapAll(page, testInfo, 'drill-ended');

  await elsewhere.close();
  await own.close();
});
