// `npm test`: every check and every suite. Stops at the first failure (and stops what still runs with it).
//   1. Chromium for the browser suite (installed from Debian when run as root, else a one-line instruction)
//   2. At the same time, as none of them reads another's output: ESLint, Prettier, tsc (src/shared alone with
//      neither the DOM's nor Node's types, then the whole repository as `npx tsc` checks it); Vitest (unit,
//      client, API on PGlite and, with DATABASE_URL, on PostgreSQL); and the client build followed by the bundle
//      budget check (bundle-budget.mjs) and Playwright in headless Chromium against that build. Much of each
//      waits (on timers, the database, the disk, a browser's page), so together they take far less than one after
//      the other, even on two cores: the browser suite alone keeps about half a core busy.
//   3. The browser suite is the longest and mostly waits on real time (a countdown, a journey's deadline, a page
//      loading), so the checks beside it run at a lower CPU priority (`nice`, where there is one): they use what
//      the browser, the app under test and its database leave, rather than stretch every wait of the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const NICE = '/usr/bin/nice';
const bin = (name) => `node_modules/.bin/${name}`;
/** The same command at a lower CPU priority where `nice` exists (step 3 above). */
const beside = ([label, command, args]) =>
  existsSync(NICE) ? [label, NICE, ['-n', '10', command, ...args]] : [label, command, args];

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: run `sudo apt-get install -y chromium` and then `npm test` again.');
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(
        'Could not install chromium: run `apt-get install -y chromium` and then `npm test` again.',
      );
      process.exit(1);
    }
  }
}

/** Children still running, stopped when another check fails. */
const running = new Set();

/**
 * Each child leads a process group of its own, so stopping it stops what it started too (Vitest's workers,
 * the server Playwright starts for the browser suite): killing only the child left those running, holding the
 * port for the next run.
 */
function run(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: 'inherit', detached: true });
    const entry = { child, exited: new Promise((done) => child.on('exit', done)) };
    running.add(entry);
    child.on('exit', (code, signal) => {
      running.delete(entry);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (signal && code === null) console.log(`- ${label} stopped (${seconds} s)`);
      else console.log(`${code === 0 ? '✓' : '✗'} ${label} (${seconds} s)`);
      resolve(code ?? 1);
    });
  });
}

/** How long a stopped check may take to exit before its process group is killed outright. */
const STOP_GRACE_MS = 10_000;

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Sends `signal` to every running child's process group and waits until each child has exited. */
async function stopAll(signal) {
  const stopping = [...running];
  for (const { child } of stopping) signalGroup(child, signal);
  const kill = setTimeout(() => {
    for (const { child } of stopping) signalGroup(child, 'SIGKILL');
  }, STOP_GRACE_MS);
  await Promise.all(stopping.map((entry) => entry.exited));
  clearTimeout(kill);
}

// The children are in groups of their own, so a Ctrl-C at the terminal reaches only this process: pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void stopAll(signal).then(() => process.exit(130));
  });
}

/** Runs commands one after the other, stopping at the first that fails; resolves with that exit code or 0. */
async function sequence(checks) {
  for (const [label, command, args] of checks) {
    const code = await run(label, command, args);
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs the sequences at once; the first failure stops the others and ends `npm test`. */
async function step(...sequences) {
  await Promise.all(
    sequences.map(async (checks) => {
      const code = await sequence(checks);
      if (code === 0) return;
      await stopAll('SIGTERM');
      process.exit(1);
    }),
  );
}

ensureChromium();
const started = Date.now();
await step(
  [beside(['eslint', bin('eslint'), ['--max-warnings=0', '.']])],
  [beside(['prettier', bin('prettier'), ['--check', '--log-level=warn', '.']])],
  [
    beside(['tsc shared', bin('tsc'), ['-p', 'tsconfig.shared.json']]),
    beside(['tsc', bin('tsc'), ['-p', 'tsconfig.json']]),
  ],
  [beside(['vitest', bin('vitest'), ['run']])],
  [
    ['vite build', bin('vite'), ['build', '--logLevel', 'warn']],
    ['bundle budget', process.execPath, ['scripts/bundle-budget.mjs']],
    ['playwright', bin('playwright'), ['test']],
  ],
);
console.log(`✓ npm test (${((Date.now() - started) / 1000).toFixed(1)} s)`);
