import { expect, test, type Page } from '@playwright/test';
import { MEETING } from '#shared/schemas/meeting';
import { api, markOnboardingSeen, personIn, signUp, snapAll, toastsSettled, uniqueEmail } from './support';

/**
 * Who You're Meeting on the phone (kept there only), and the permissions screen's sensors. At 390 × 844, the
 * phone the product is for; `snapAll` scans every state with axe and, when asked (E2E_SCREENSHOTS), pictures it
 * at 1280 × 800 too.
 */

const HOME = { latitude: 40.712776, longitude: -74.005974 };
test.use({ geolocation: HOME, permissions: ['geolocation'] });

test.beforeEach(async ({ page }) => {
  await markOnboardingSeen(page);
});

/** A camera-sized picture (4000 × 3000, noisy so it does not compress to nothing), made by the browser. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#1d4ed8');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 4000; i += 1) {
      context.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
      context.fillRect((i * 997) % 4000, (i * 613) % 3000, 40, 40);
    }
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

async function openMeetingDialog(page: Page) {
  await page.getByRole('button', { name: 'Who Meeting', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Who You’re Meeting' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Who You’re Meeting keeps five on the phone, newest first, with a photo resized on the phone', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUp(page, 'Mina Meeting', uniqueEmail('meeting-log'));
  const dialog = await openMeetingDialog(page);
  await expect(dialog.getByText('No meetings saved yet.')).toBeVisible();
  await snapAll(page, testInfo, 'meeting-01-empty');

  // The GPS button writes the phone's position; the photo comes from the camera or the gallery. (Headless
  // Chromium answers only with a position it was given lately: the pictures above can take longer than a minute.)
  await context.setGeolocation(HOME);
  await dialog.getByRole('button', { name: 'Use my current location' }).click();
  await expect(dialog.getByLabel('Where are you?')).toHaveValue('40.712776, -74.005974');
  const photo = await cameraPhoto(page);
  await dialog
    .getByTestId('meeting-photo-gallery')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = dialog.getByTestId('meeting-photo-preview');
  // Decoding 12 megapixels and writing a JPEG or two takes a phone well under a second; a busy test machine,
  // several.
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const resized = await preview.evaluate((image: HTMLImageElement) => ({
    width: image.naturalWidth,
    height: image.naturalHeight,
    bytes: (image.src.length - image.src.indexOf(',') - 1) * 0.75,
    type: image.src.slice(0, image.src.indexOf(';')),
  }));
  expect(photo.length).toBeGreaterThan(MEETING.photoMaxBytes);
  expect(resized).toMatchObject({ width: MEETING.photoMaxSide, height: 600, type: 'data:image/jpeg' });
  expect(resized.bytes).toBeLessThanOrEqual(MEETING.photoMaxBytes);
  await dialog.getByLabel('Person’s Name').fill('Jordan from the climbing app');
  await dialog.getByLabel('Notes').fill('Red jacket, says he drives a grey Golf.');
  await dialog.getByLabel('Expected End').fill('23:59');
  await snapAll(page, testInfo, 'meeting-02-filled');
  await dialog.getByRole('button', { name: 'Save Meeting Details' }).click();
  const entries = dialog.getByTestId('meeting-entry');
  await expect(entries).toHaveCount(1);
  await expect(
    entries.first().getByRole('img', { name: 'Photo of Jordan from the climbing app' }),
  ).toBeVisible();

  // Four more, then a sixth: the first drops off, the newest leads.
  for (const person of ['Two', 'Three', 'Four', 'Five', 'Six']) {
    await dialog.getByLabel('Person’s Name').fill(person);
    await dialog.getByRole('button', { name: 'Save Meeting Details' }).click();
    await expect(dialog.getByTestId('meeting-person').first()).toHaveText(person);
  }
  await expect(dialog.getByTestId('meeting-person')).toHaveText(['Six', 'Five', 'Four', 'Three', 'Two']);
  await expect(entries.first()).toContainText('Location not specified');
  await expect(entries.first()).toContainText('Expected End: Not specified');

  // Kept across a reload, on this phone only (nothing was sent: the server has no meeting route).
  await page.reload();
  const reopened = await openMeetingDialog(page);
  await expect(reopened.getByTestId('meeting-person')).toHaveText(['Six', 'Five', 'Four', 'Three', 'Two']);
  await reopened.getByRole('button', { name: 'Delete meeting with Four' }).click();
  await expect(reopened.getByTestId('meeting-person')).toHaveText(['Six', 'Five', 'Three', 'Two']);
  await toastsSettled(page);
  await snapAll(page, testInfo, 'meeting-03-recent');

  // Without a position, it says so and the place is typed instead.
  await context.clearPermissions();
  await reopened.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page.getByText('Location Error')).toBeVisible();
  await expect(page.getByText('Could not get current location. Please enter manually.')).toBeVisible();
  await expect(reopened.getByLabel('Where are you?')).toHaveValue('');
});

/** This person's texts in the dev SMS outbox (it lists everyone's; tests run in parallel). */
async function textsOf(page: Page): Promise<string[]> {
  const me = await api<{ id: string }>(page, 'GET', '/api/profile');
  const { messages } = await api<{ messages: Array<{ body: string; user_id: string }> }>(
    page,
    'GET',
    '/api/dev/sms-outbox',
  );
  return messages.filter((message) => message.user_id === me.id).map((message) => message.body);
}

test('an alert raised during a logged meeting names it in the text, and the guardian sees the photo', async ({
  browser,
}, testInfo) => {
  test.setTimeout(400_000);
  const context = { geolocation: HOME, permissions: ['geolocation'] };
  const guardianContext = await browser.newContext(context);
  const wardContext = await browser.newContext(context);
  const guardian = await personIn(guardianContext, 'Gloria Guardian', 'meeting-guardian');
  const ward = await personIn(wardContext, 'Mina Meeting', 'meeting-ward');
  const { code } = await api<{ code: string }>(guardian, 'POST', '/api/invite-codes');
  const request = await api<{ id: string }>(ward, 'POST', '/api/invite-codes/redeem', { code });
  await api(guardian, 'PATCH', `/api/guardian-relationships/${request.id}`, { status: 'active' });
  await api(ward, 'POST', '/api/contacts', { name: 'Nia Neighbour', phone: '+12015550142' });
  await ward.reload();

  // Two meetings under way (both start now, no end: three hours): the newest is the one the alert carries.
  const dialog = await openMeetingDialog(ward);
  await dialog.getByLabel('Person’s Name').fill('Earlier Person');
  await dialog.getByRole('button', { name: 'Save Meeting Details' }).click();
  await expect(dialog.getByTestId('meeting-person').first()).toHaveText('Earlier Person');
  await dialog.getByLabel('Person’s Name').fill('Jordan Climber');
  await dialog.getByLabel('Where are you?').fill('Blue Bottle Coffee, 1 Rockefeller Plaza');
  await dialog.getByLabel('Notes').fill('Grey Golf, plate ends 42');
  await dialog
    .getByTestId('meeting-photo-camera')
    .setInputFiles({ name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(ward) });
  await expect(dialog.getByTestId('meeting-photo-preview')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Save Meeting Details' }).click();
  await expect(dialog.getByTestId('meeting-person').first()).toHaveText('Jordan Climber');
  await expect(dialog.getByRole('img', { name: 'Photo of Jordan Climber' })).toBeVisible();
  await toastsSettled(ward);
  await snapAll(ward, testInfo, 'meeting-04-saved-with-photo');
  await ward.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The SOS: its countdown runs out, the contact's text names the meeting (not its notes), the screen says so.
  await ward.getByRole('link', { name: 'Safety' }).click();
  await ward.getByRole('button', { name: /^SOS/ }).first().click();
  const active = ward.getByTestId('active-alert-screen');
  await expect(active).toBeVisible({ timeout: 30_000 });
  const shared = active.getByTestId('alert-meeting');
  await expect(shared).toContainText('Your meeting went with this alert');
  await expect(shared).toContainText('Jordan Climber · Blue Bottle Coffee, 1 Rockefeller Plaza');
  await expect.poll(() => textsOf(ward), { timeout: 20_000 }).toHaveLength(1);
  const [text] = await textsOf(ward);
  expect(text).toMatch(
    // A start on another day than the alert's carries its date (the alert raised just after midnight).
    /^Meeting: Jordan Climber at Blue Bottle Coffee, 1 Rockefeller Plaza, since (\d{4}-\d\d-\d\d )?\d\d:\d\d \S+\.$/m,
  );
  expect(text).not.toContain('Earlier Person');
  expect(text).not.toContain('Grey Golf');
  await shared.scrollIntoViewIfNeeded();
  await snapAll(ward, testInfo, 'meeting-05-active-alert');

  // The guardian's view of the ward's alert: whom, where, since, the notes and the photo.
  await guardian.goto('/guardian/wards');
  const card = guardian.getByRole('article', { name: 'Mina Meeting' });
  const meeting = card.getByTestId('ward-alert-meeting');
  await expect(meeting).toBeVisible({ timeout: 15_000 });
  await expect(meeting).toContainText('WhoJordan Climber');
  await expect(meeting).toContainText('WhereBlue Bottle Coffee, 1 Rockefeller Plaza');
  await expect(meeting).toContainText('NotesGrey Golf, plate ends 42');
  const photo = meeting.getByRole('img', { name: 'Photo of Jordan Climber' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBe(MEETING.photoMaxSide);
  await meeting.scrollIntoViewIfNeeded();
  await snapAll(guardian, testInfo, 'meeting-06-guardian-view');
  await guardianContext.close();
  await wardContext.close();
});

test('/permissions lists location, notifications, camera, microphone and the motion sensors', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  // What this browser was told (Playwright refuses every permission it was not given): the microphone refused.
  await context.grantPermissions(['geolocation', 'camera', 'accelerometer', 'gyroscope']);
  await page.goto('/permissions');
  await expect(page.getByRole('heading', { name: 'App Permissions', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Location',
    'Push Notifications',
    'Camera',
    'Microphone',
    'Motion Sensors',
  ]);
  const row = (name: string) => page.getByRole('region', { name });
  await expect(row('Location')).toContainText('Required');
  await expect(row('Location')).toContainText('Allowed');
  await expect(row('Push Notifications')).toContainText('Required');
  await expect(row('Camera')).toContainText('Optional');
  await expect(row('Camera')).toContainText('Allowed');
  // A refused one says how to unblock it.
  await expect(row('Microphone')).toContainText('Blocked');
  await expect(row('Microphone').getByTestId('blocked-help-microphone')).toContainText(
    "open this site's settings (the icon to the left of the address bar), set Microphone to Allow",
  );
  // This Chromium can ask for motion (DeviceMotionEvent.requestPermission, as iOS) and gives no readings: the
  // question is offered, asked from the tap, and then the screen says there is no motion sensor.
  await expect(row('Motion Sensors').getByRole('button', { name: 'Enable Motion Sensors' })).toBeVisible();
  await snapAll(page, testInfo, 'permissions-01-sensors');
  await row('Motion Sensors').getByRole('button', { name: 'Enable Motion Sensors' }).click();
  await expect(row('Motion Sensors').getByTestId('no-motion-sensor')).toBeVisible();
  await row('Motion Sensors').scrollIntoViewIfNeeded();
  await snapAll(page, testInfo, 'permissions-02-no-motion-sensor');
});

test('/permissions says motion needs no permission where readings come without one', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['accelerometer', 'gyroscope']);
  // A phone's sensor: readings many times a second, no question asked.
  await page.addInitScript(() => {
    window.setInterval(() => {
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', {
          accelerationIncludingGravity: { x: 0.2, y: 9.7, z: 0.4 },
          interval: 16,
        }),
      );
    }, 50);
  });
  await page.goto('/permissions');
  const motion = page.getByRole('region', { name: 'Motion Sensors' });
  await expect(motion).toContainText('No permission needed');
  await expect(motion).toContainText('This browser gives Beacon motion readings without asking.');
});
