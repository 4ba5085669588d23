import { expect, test, type Page } from '@playwright/test';
import { MEETING } from '#shared/schemas/meeting';
import { markOnboardingSeen, signUp, snapAll, toastsSettled, uniqueEmail } from './support';

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
  await expect(entries.first().getByRole('img', { name: 'Photo of Jordan from the climbing app' })).toBeVisible();

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
