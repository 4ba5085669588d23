import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium';

/** Browser tests in Debian's Chromium at phone size, against the built app on its embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const args = [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

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
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
