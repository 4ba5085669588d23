import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_FLAGS } from './e2e/chromium';

/** Browser tests in Debian's Chromium at phone size, against the built app on its embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const args = [
  ...PLAYWRIGHT_CHROMIUM_FLAGS,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // Tests, not files, are shared out between the workers: a file of long tests (forms-and-dialogs runs four) no
  // longer holds one worker while the other has finished. Every test signs its own person up, so order is free.
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    // Headless Chromium paints every frame of an endless animation (the live badge, the alert pulse) in software:
    // measured, 2 CPU-seconds per 20 s on an idle dashboard against 0.14 with reduced motion — CPU taken from the
    // tests beside it on this 2-core machine. The app stops decorative motion for people who ask for less of it
    // (`motion-safe:`); the tests ask for less too.
    reducedMotion: 'reduce',
    // A service worker installing precaches the whole build (~180 files) in every new browser context: measured,
    // ~0.9 CPU-seconds in Chromium and about as much in the server per context, and every test opens one or
    // more, most of them never using it. It is there in the tests of what it does — opening offline (outbox,
    // on-demand code, fake call, alert position, recording offline), push, and the readiness card's push
    // subscription — which ask for it with `serviceWorkers: 'allow'`.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace records a screencast and a DOM snapshot of every step, in every test, to keep only a failure's: about
    // 0.3 CPU-seconds a context measured on static pages, more on busy ones. In CI, where a failure is retried
    // once, the retry records it (a flaky failure's trace is the retry's); elsewhere, with no retries, every test
    // records one, kept if it fails.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    // The server is built to JavaScript when stale (scripts/build-server.mjs, about a second) and PGlite creates a
    // fresh database: seconds when quiet, over a minute on a machine busy with other test runs.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
