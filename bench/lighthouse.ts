// Lighthouse (mobile preset) on `/`, `/sos` and `/guardian` of a running Beacon, signed in, median of N runs.
// A measurement run by hand, not a test: it asserts nothing. docs/PERFORMANCE.md has the figures and the steps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '#shared/constants';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';

const LIGHTHOUSE = 'lighthouse@12.8';
const PAGES = ['/', '/sos', '/guardian'] as const;
const RUN_TIMEOUT_MS = 180_000;

const USAGE = `Usage: npx tsx bench/lighthouse.ts [options]

  --url <origin>        the running app (default http://127.0.0.1:3301)
  --runs <n>            Lighthouse runs per page; the median is reported (default 3)
  --pages <list>        the pages, comma-separated (default /,/sos,/guardian)
  --reports <dir>       where each run's Lighthouse JSON report is kept
                        (default <tmp>/beacon-lighthouse-reports)
  --json                also print every run's figures as one JSON line
  --reanalyse <dir>     print the before-LCP figures of the reports kept in <dir>, and stop
  -h, --help`;

type Options = { origin: string; runs: number; pages: string[]; reports: string; json: boolean };

type RunFigures = {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  transferredBytes: number;
  /** From the unthrottled trace Lighthouse recorded, so they do not depend on its simulation (see below). */
  requestsBeforeLcp: number;
  apiCallsBeforeLcp: number;
  scriptBytesBeforeLcp: number;
  longestChain: number;
};

type NetworkRequest = {
  url: string;
  networkRequestTime: number;
  resourceType?: string;
  transferSize?: number;
};

type LighthouseReport = {
  categories: { performance: { score: number } };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: unknown[];
        longestChain?: { length: number };
      };
    }
  >;
};

/**
 * What the page asked for before its largest paint, in the trace as recorded (no throttling). Lighthouse's
 * simulated LCP replays everything that started before the recorded one on a slow phone's network and CPU, so
 * these counts explain the simulated figure and, unlike it, hardly move with the machine's load.
 */
function beforeLcp(
  report: LighthouseReport,
): Pick<RunFigures, 'requestsBeforeLcp' | 'apiCallsBeforeLcp' | 'scriptBytesBeforeLcp' | 'longestChain'> {
  const metrics = report.audits.metrics?.details?.items?.[0] as
    { observedLargestContentfulPaint?: number } | undefined;
  const lcp = metrics?.observedLargestContentfulPaint ?? Number.NaN;
  const requests = (report.audits['network-requests']?.details?.items ?? []) as NetworkRequest[];
  const early = requests.filter((request) => request.networkRequestTime < lcp);
  return {
    requestsBeforeLcp: early.length,
    apiCallsBeforeLcp: early.filter((request) => new URL(request.url).pathname.startsWith('/api/')).length,
    scriptBytesBeforeLcp: early
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    longestChain: report.audits['critical-request-chains']?.details?.longestChain?.length ?? Number.NaN,
  };
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3301' },
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: PAGES.join(',') },
      reports: { type: 'string', default: path.join(os.tmpdir(), 'beacon-lighthouse-reports') },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    origin: new URL(values.url).origin,
    runs: Number(values.runs),
    pages: values.pages.split(',').map((page) => page.trim()),
    reports: values.reports,
    json: values.json,
  };
}

/** A new person with one emergency contact, signed up over the API; the answer is the client's stored session. */
async function signUpPerson(origin: string): Promise<unknown> {
  const email = `lighthouse-${Date.now()}@example.test`;
  const signUp = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'blue-harbour-lantern-42', data: { full_name: 'Ada Lovelace' } }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const session = (await signUp.json()) as { access_token: string };
  const contact = await fetch(`${origin}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ name: 'Mary Somerville', phone: '+447400123456' }),
  });
  if (!contact.ok) throw new Error(`adding a contact answered ${contact.status}`);
  return session;
}

function lighthouseRun(url: string, profileDir: string, outputPath: string): RunFigures {
  // Lighthouse clears the HTTP cache, service workers and Cache Storage before each run (a first visit), but not
  // local storage: the session in the profile survives, so the pages render signed in. Chromium takes the last of
  // two --user-data-dir flags, so ours wins over the launcher's temporary one.
  const result = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      `--chrome-flags=${[...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`].join(' ')}`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      timeout: RUN_TIMEOUT_MS,
    },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status} on ${url}`);
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as LighthouseReport;
  const audit = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: report.categories.performance.score,
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    transferredBytes: audit('total-byte-weight'),
    ...beforeLcp(report),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is made again. */
function withRetries(run: () => RunFigures, attempts = 3): RunFigures {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: RunFigures[]): RunFigures {
  const of = (key: keyof RunFigures): number => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    transferredBytes: of('transferredBytes'),
    requestsBeforeLcp: of('requestsBeforeLcp'),
    apiCallsBeforeLcp: of('apiCallsBeforeLcp'),
    scriptBytesBeforeLcp: of('scriptBytesBeforeLcp'),
    longestChain: of('longestChain'),
  };
}

function tableRow(page: string, figures: RunFigures): string {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return [
    page,
    figures.performance.toFixed(2),
    seconds(figures.lcpMs),
    seconds(figures.fcpMs),
    `${Math.round(figures.tbtMs)} ms`,
    `${Math.round(figures.transferredBytes / 1024)} KiB`,
    String(figures.requestsBeforeLcp),
    String(figures.apiCallsBeforeLcp),
    `${Math.round(figures.scriptBytesBeforeLcp / 1024)} KiB`,
    String(figures.longestChain),
  ].join(' | ');
}

/** A Chromium profile whose local storage holds `session` for `origin`, written by a browser that then quits. */
async function seedProfile(origin: string, session: unknown): Promise<string> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'beacon-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${origin}/api/health`);
  // A string, so this Node-typed file needs no DOM types for the page's localStorage.
  const entries = { [STORAGE_KEYS.session]: JSON.stringify(session), [STORAGE_KEYS.onboardingSeen]: 'true' };
  await page.evaluate(
    `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value)`,
  );
  await browser.close();
  return profileDir;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** `--reanalyse <dir>`: the figures of reports already kept, without running Lighthouse again. */
function reanalyse(dir: string): void {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as LighthouseReport;
    console.log(`${file}: ${JSON.stringify(beforeLcp(report))}`);
  }
}

async function main(): Promise<void> {
  const reanalyseAt = process.argv.indexOf('--reanalyse');
  if (reanalyseAt >= 0) return reanalyse(process.argv[reanalyseAt + 1] ?? '.');
  const options = parseOptions(process.argv.slice(2));
  const profileDir = await seedProfile(options.origin, await signUpPerson(options.origin));
  mkdirSync(options.reports, { recursive: true });
  try {
    console.log(`load average ${loadAverage()}`);
    console.log(
      'page | performance | LCP | FCP | TBT | transferred | requests before LCP | API calls before LCP | ' +
        'JS before LCP | longest critical chain',
    );
    const allRuns: Record<string, RunFigures[]> = {};
    for (const pagePath of options.pages) {
      const runs: RunFigures[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        const report = path.join(options.reports, `${pagePath.slice(1) || 'home'}-${run + 1}.json`);
        runs.push(withRetries(() => lighthouseRun(`${options.origin}${pagePath}`, profileDir, report)));
      }
      allRuns[pagePath] = runs;
      console.log(tableRow(`\`${pagePath}\``, medianFigures(runs)));
    }
    console.log(`load average ${loadAverage()}`);
    if (options.json) console.log(JSON.stringify(allRuns));
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
