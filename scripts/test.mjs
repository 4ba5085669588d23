// `npm test`: every check and every suite, in order of cost. Stops at the first failure.
//   1. Chromium for the browser suite (installed from Debian when run as root, else a one-line instruction)
//   2. ESLint, Prettier and tsc (shared, server, client) in parallel
//   3. Vitest: unit, client, API on PGlite and, with DATABASE_URL, on PostgreSQL
//   4. Build the client, check its first download against the bundle budget (bundle-budget.mjs), then Playwright
//      in headless Chromium
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const bin = (name) => `node_modules/.bin/${name}`;

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

function run(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✓' : '✗'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code ?? 1);
    });
  });
}

async function step(checks) {
  const codes = await Promise.all(checks.map(([label, command, args]) => run(label, command, args)));
  if (codes.some((code) => code !== 0)) process.exit(1);
}

ensureChromium();
await step([
  ['eslint', bin('eslint'), ['--max-warnings=0', '.']],
  ['prettier', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ['tsc shared', bin('tsc'), ['-p', 'tsconfig.shared.json']],
  ['tsc server', bin('tsc'), ['-p', 'tsconfig.server.json']],
  ['tsc client', bin('tsc'), ['-p', 'tsconfig.client.json']],
  ['tsc e2e', bin('tsc'), ['-p', 'tsconfig.e2e.json']],
]);
await step([['vitest', bin('vitest'), ['run']]]);
await step([['vite build', bin('vite'), ['build', '--logLevel', 'warn']]]);
await step([['bundle budget', process.execPath, ['scripts/bundle-budget.mjs']]]);
await step([['playwright', bin('playwright'), ['test']]]);
