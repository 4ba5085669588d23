import { expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { STORAGE_KEYS, THEME_STORAGE_KEY } from '#shared/constants';
import { expectAccessible } from './axe';

/** A unique e-mail per test run, so tests never collide on the shared server. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

export const PASSWORD = 'correct-horse-battery-staple-42';

/**
 * Which screenshots a run takes: `E2E_SCREENSHOTS=all`, or names (comma-separated parts of a picture's name, such
 * as `alert,journey`) for the screens a change touches. Unset (`npm test`, CI), none: a picture proves nothing by
 * itself — it is for a person to look at, and taking ~150 of them on every run cost CPU the assertions need. The
 * axe checks of every state run either way. Playwright still keeps a picture of every failure.
 */
const SCREENSHOTS = (process.env.E2E_SCREENSHOTS ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);

function wanted(name: string): boolean {
  return SCREENSHOTS.includes('all') || SCREENSHOTS.some((part) => name.includes(part));
}

/** A screenshot kept as a test artifact (test-results/…) and listed in the report, when this run takes it. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!wanted(name)) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Skips the splash and onboarding, as for a returning visitor. */
export async function markOnboardingSeen(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('beacon-onboarding-seen', 'true'));
}

/**
 * Signs a new person up as the sign-up form does — the same request from the browser, with the browser's time zone
 * — and opens the dashboard. The form itself is driven in foundation.spec.ts and scanned in accessibility.spec.ts;
 * here it would cost every test a page load and the typing.
 */
export async function signUp(page: Page, fullName: string, email: string): Promise<void> {
  // Any same-origin page will do to reach local storage; the health answer is the smallest.
  await page.goto('/api/health');
  const status = await page.evaluate(
    async ({ fullName, email, password, key }) => {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password,
          data: { full_name: fullName, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        }),
      });
      if (res.ok) window.localStorage.setItem(key, JSON.stringify(await res.json()));
      return res.status;
    },
    { fullName, email, password: PASSWORD, key: STORAGE_KEYS.session },
  );
  expect(status, `sign-up of ${email}`).toBe(200);
  await page.goto('/');
  // Signed up, the person is home. They have no contacts yet, so the readiness card says what is missing rather
  // than "System Ready".
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: NOT_READY })).toBeVisible();
}

/**
 * Collects the `sms:` links the app hands to the messaging app, and keeps the page where it is: headless Chromium
 * has no messaging app, and a page whose top frame went to `sms:` takes no more clicks once its viewport changes
 * (as `snapAll` does). Call before the page loads.
 */
export async function catchMessagingApp(page: Page): Promise<string[]> {
  const links: string[] = [];
  page.on('console', (message) => {
    const match = /^messaging app: (sms:\S+)$/.exec(message.text());
    if (match?.[1]) links.push(match[1]);
  });
  await page.addInitScript(() => {
    type NavigateEvent = Event & { destination: { url: string } };
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener('navigate', (event) => {
      const { url } = (event as NavigateEvent).destination;
      if (!url.startsWith('sms:')) return;
      console.log(`messaging app: ${url}`);
      event.preventDefault();
    });
  });
  return links;
}

/** The SOS status panel's one calm line about an alert saved on the phone, waiting for the server. */
export const SAVED_ALERT = 'Saved — Beacon sends it the moment it reaches the server';

/** The readiness card's heading while something is missing (a new person has no contacts). */
export const NOT_READY = 'Not Ready Yet';

/** Ends the active alert from its screen: "I'm safe", then yes to the one question it asks. */
export async function sayImSafe(page: Page): Promise<void> {
  await page.getByRole('button', { name: "I'm safe" }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: "Yes, I'm safe" }).click();
}

/** Adds a contact through the dashboard's Emergency Contacts card. */
export async function addContact(page: Page, name: string, phone: string): Promise<void> {
  const card = page.locator('#emergency-contacts');
  const first = card.getByRole('button', { name: 'Add First Contact' });
  if (await first.isVisible()) await first.click();
  else await card.getByRole('button', { name: 'Add emergency contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Emergency Contact' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone Number').fill(phone);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  // The dialog closes only once the server has accepted the contact (an earlier add's toast may still be showing,
  // and the list shows the new contact at once, before the server has answered).
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Emergency contact has been added successfully.').first()).toBeVisible();
  await expect(card.getByText(name)).toBeVisible();
}

/** A new page in `context` with a freshly signed-up person. */
export async function personIn(context: BrowserContext, name: string, tag: string): Promise<Page> {
  const page = await context.newPage();
  await markOnboardingSeen(page);
  await signUp(page, name, uniqueEmail(tag));
  return page;
}

/**
 * Calls the API as the person signed in on `page` (the app keeps their bearer token in localStorage) and answers
 * the parsed JSON body; a refusal fails the test with the server's answer.
 */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const session = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? '{}',
    STORAGE_KEYS.session,
  );
  const { access_token } = JSON.parse(session) as { access_token?: string };
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${access_token}`, ...headers },
    data: body,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * A state checked with axe on the phone, light and dark, and — when this run takes its pictures (`snap`) — looked at
 * on a phone and a desktop in both themes. In the dark theme only the rules a theme can change are run
 * (`COLOUR_RULES`): the rest found the same page in the light one.
 */
export async function snapAll(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const sizes = SIZES.filter((size) => size.name === 'phone' || wanted(name));
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(page, scheme);
      await snap(page, testInfo, `${name}-${size.name}-${scheme}`);
      if (size.name !== 'phone') continue;
      await expectAccessible(page, `${name}, ${scheme}`, testInfo, { colourOnly: scheme === 'dark' });
    }
  }
  await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Resolves once nothing on the page is on its way somewhere: every CSS transition and finite animation running
 * now has finished (endless ones, a spinner or a pulse, are left alone). A picture or an axe scan taken during a
 * fade sees neither colour.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (;;) {
      // Asking for the animations brings the styles up to date, so a change made just now has started its own.
      const moving = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        );
      if (moving.length === 0) return;
      await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Switches the system theme and resolves once the app shows it: the class on <html> is the theme the app then
 * resolves (the person's own choice, if they made one, else the system's) and its colours have finished fading.
 */
export async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const shown = await page.evaluate(
    ({ key, system }) => {
      const chosen = window.localStorage.getItem(key);
      return chosen === 'light' || chosen === 'dark' ? chosen : system;
    },
    { key: THEME_STORAGE_KEY, system: scheme },
  );
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${shown}(\\s|$)`));
  await animationsDone(page);
}

/** Resolves once the toasts on screen have come in: mounted, and their entrance finished. */
export async function toastsSettled(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  // One count, not a list checked toast by toast: a toast that times out between listing and checking would fail
  // the check by index although nothing is wrong.
  await expect(page.locator('[data-sonner-toast]:not([data-mounted="true"])')).toHaveCount(0);
  await animationsDone(page);
}

/** What the page has asked of one API path so far: requests made, and how many of them have come back. */
export type PostCount = { made: number; answered: number };

/**
 * Counts, inside the page, the POSTs it makes to `path` (from the next page load on, for each page life). Read in
 * the page, so a count read after the page has shown the answer to one request includes every request it made
 * before that one. Call before the page loads.
 */
export async function countPosts(page: Page, path: string): Promise<() => Promise<PostCount>> {
  await page.addInitScript((counted: string) => {
    type Counts = Record<string, PostCount>;
    const global = window as unknown as { beaconPostCounts?: Counts };
    const counts: Counts = (global.beaconPostCounts ??= {});
    counts[counted] = { made: 0, answered: 0 };
    const fetchBefore = window.fetch;
    window.fetch = (input, init) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (method.toUpperCase() !== 'POST' || url.pathname !== counted) return fetchBefore(input, init);
      const count = counts[counted]!;
      count.made += 1;
      const answer = fetchBefore(input, init);
      const back = (): void => void (count.answered += 1);
      answer.then(back, back);
      return answer;
    };
  }, path);
  return () =>
    page.evaluate(
      (counted) =>
        (window as unknown as { beaconPostCounts: Record<string, PostCount> }).beaconPostCounts[counted]!,
      path,
    );
}

/** How many of the counted requests have not come back yet. */
export async function unanswered(count: () => Promise<PostCount>): Promise<number> {
  const { made, answered } = await count();
  return made - answered;
}

/** Items waiting in the device outbox (IndexedDB `beacon-outbox`), any kind. */
export async function waitingInOutbox(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('beacon-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('items').objectStore('items').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
