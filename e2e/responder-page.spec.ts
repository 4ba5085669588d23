import { expect, test } from '@playwright/test';
import { api, personIn, snapAll } from './support';

/**
 * The emergency contact's page (/r/<code>): a person with a contact raises an SOS; the contact, in a browser that
 * has never seen Beacon, opens the answer link from their text, taps "I'm on my way", and the person's alert shows
 * that they answered. Then the person is safe, and the page says so; a link nobody has says it no longer works.
 */
const HOME = { latitude: 40.748817, longitude: -73.985428, accuracy: 12, address: '350 5th Ave, New York' };
const TILES = 'https://tile.openstreetmap.org/**';

type Outbox = { messages: Array<{ to: string; body: string; user_id: string | null }> };
type Alert = {
  alert: { id: string; state: string };
  responses: Array<{ responder_name: string; response: string }>;
};

test('a contact answers an SOS from the link in their text', async ({ browser }, testInfo) => {
  test.slow();
  const own = await browser.newContext();
  const person = await personIn(own, 'Ada Lovelace', 'responder');
  await api(person, 'POST', '/api/contacts', { name: 'Grace Hopper', phone: '(201) 555-0152' });
  await api(person, 'POST', '/api/locations', HOME);
  const raised = await api<Alert>(
    person,
    'POST',
    '/api/alerts',
    { triggerType: 'manual', location: { latitude: HOME.latitude, longitude: HOME.longitude, accuracy: 12 } },
    { 'idempotency-key': `e2e-responder-${Date.now()}` },
  );
  const alertId = raised.alert.id;

  // The text Grace received, as the dev outbox kept it: its last line is her own answer link.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = await api<Outbox>(person, 'GET', '/api/dev/sms-outbox');
      link = messages
        .filter((message) => message.to === '+12015550152')
        .map((message) => /\nAnswer: (\S+\/r\/[a-z2-7]{26})/.exec(message.body)?.[1])
        .find((found) => found !== undefined);
      return link;
    })
    .toBeDefined();
  const path = new URL(link!).pathname;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route(TILES, (route) => route.abort());
  const contact = await context.newPage();
  await contact.goto(path);
  await expect(contact.getByRole('heading', { name: 'Ada needs help', level: 1 })).toBeVisible();
  await expect(contact.getByText('Alert sent: nobody has answered yet')).toBeVisible();
  await expect(contact.getByText('Nobody has answered yet.')).toBeVisible();
  await expect(contact.getByText('350 5th Ave, New York')).toBeVisible();
  await expect(contact.getByTestId('map-unavailable')).toBeVisible();
  await snapAll(contact, testInfo, 'responder-open');

  await contact.getByRole('button', { name: "I'm on my way" }).click();
  await expect(contact.getByText('Thank you — Ada can see that you are on your way')).toBeVisible();
  await expect(contact.getByText('Grace Hopper is on the way (you)')).toBeVisible();
  await expect(contact.getByRole('button', { name: "I'm on my way" })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await snapAll(contact, testInfo, 'responder-answered');

  // The person's alert shows who answered.
  const answered = await api<Alert>(person, 'GET', `/api/alerts/${alertId}`);
  expect(answered.alert.state).toBe('acknowledged');
  expect(answered.responses).toMatchObject([{ responder_name: 'Grace Hopper', response: 'on_my_way' }]);

  // "I'm safe": the contact's page says so (it re-reads by itself; a reload is quicker).
  await api(person, 'POST', `/api/alerts/${alertId}/resolve`);
  await contact.reload();
  await expect(contact.getByRole('heading', { name: 'Ada is safe', level: 1 })).toBeVisible();
  await expect(contact.getByRole('button', { name: "I'm on my way" })).toHaveCount(0);
  await snapAll(contact, testInfo, 'responder-safe');

  // A code nobody has (or one expired; one revoked answers 410, and the page says the same).
  await contact.goto('/r/aaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(contact.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await snapAll(contact, testInfo, 'responder-closed');

  await context.close();
  await own.close();
});
