import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The command lines of the processes this test worker started: its browser among them. */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // Chromium rewrites its own argv, joining it with spaces: split on both.
      if (parent === process.pid) lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/));
    } catch {
      // The process ended while being read.
    }
  }
  return lines;
}

/**
 * The browser the tests run in is launched as playwright.config.ts says: Playwright's own disabled features are all
 * still disabled (Chromium keeps only the last `--disable-features`, and ours comes last), and no unseen browser UI
 * renders beside the page under test.
 */
test('the test browser keeps Playwright’s disabled features and renders no hidden address-bar pop-ups', async ({
  browser,
  page,
}) => {
  await page.goto('/api/health');
  const browserLine = childCommandLines().find((line) =>
    line.some((arg) => arg.startsWith('--remote-debugging-pipe')),
  );
  expect(browserLine, 'the browser process of this worker').toBeDefined();
  const lists = (browserLine ?? [])
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  expect(lists.length, 'Playwright’s list and ours').toBeGreaterThan(1);
  const effective = lists[lists.length - 1];
  for (const earlier of lists.slice(0, -1)) expect(effective).toEqual(expect.arrayContaining(earlier));

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
    [],
  );
  await cdp.detach();
});
