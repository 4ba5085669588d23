/**
 * `npm run bench`: every performance benchmark in one go, each beside the baseline it measures against, and the
 * figures written into docs/PERFORMANCE.md (the part between the `bench:start` and `bench:end` marks) with the
 * machine's load average before and after each, so a run on a busy machine says so.
 *
 * A benchmark, not a test: it asserts nothing. It prints each goal as met or not met from the figures of this run.
 *
 * Run: `npm run bench` (PostgreSQL from DATABASE_URL when set, else the embedded database only), or
 * `npx tsx bench/run-all.ts [--database-url <url>] [--only uploads,fanout,sos,startup,lighthouse] [--no-write]`.
 * See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage } from './lib/harness';
import { describeRepo, log, percentile, sleep } from './lib/util';

const BENCHES = ['uploads', 'fanout', 'sos', 'startup', 'lighthouse'] as const;
type BenchName = (typeof BENCHES)[number];

const DOC = 'docs/PERFORMANCE.md';
const START_MARK = '<!-- bench:start -->';
const END_MARK = '<!-- bench:end -->';
/** The port the built app is served on for Lighthouse. */
const LIGHTHOUSE_PORT = 3391;

type Options = { databaseUrl: string | undefined; only: BenchName[]; write: boolean };

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'database-url': { type: 'string' },
      only: { type: 'string' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const only = (values.only?.split(',') ?? [...BENCHES]).map((name) => {
    if (!(BENCHES as readonly string[]).includes(name)) throw new Error(`unknown benchmark: ${name}`);
    return name as BenchName;
  });
  return {
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    only,
    write: !values['no-write'],
  };
}

/** One line of the generated table: what was measured, against what, and whether the goal holds. */
type Row = { goal: string; measured: string; baseline: string; met: boolean | null; load: string };

type Run = { stdout: string; load: string };

/** Runs one benchmark script with `--json`; its last JSON value is its result. */
async function runBench(script: string, args: string[]): Promise<Run> {
  const before = loadAverage();
  log(`${script} ${args.join(' ')}`);
  const child = spawn('npx', ['tsx', script, ...args, '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return { stdout, load: `${before.split(' ')[0]} → ${loadAverage().split(' ')[0]}` };
}

/** The last line of the output that is a JSON object (the scripts print theirs last, on one line). */
function lastJson<T>(stdout: string): T {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      return JSON.parse(line) as T;
    } catch {
      // not the result line
    }
  }
  // startup.ts prints its JSON over several lines
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as T;
}

const ms = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const ratio = (value: number): string => `${value.toFixed(3)}×`;

type UploadResult = {
  database: string;
  raw: { perSecond: number; p99: number };
  upload: { perSecond: number; p50: number; p99: number };
  ratio: number;
};

async function uploads(databaseUrl: string | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const args of [[], ...(databaseUrl ? [['--database-url', databaseUrl]] : [])]) {
    const run = await runBench('bench/location-upload.ts', args);
    const result = lastJson<UploadResult>(run.stdout);
    rows.push({
      goal: `location upload ≥ 0.3× raw INSERT, p99 < 50 ms (${result.database})`,
      measured: `${result.upload.perSecond.toFixed(0)}/s (${ratio(result.ratio)}), median ${ms(result.upload.p50)}, p99 ${ms(result.upload.p99)}`,
      baseline: `${result.raw.perSecond.toFixed(0)} INSERT/s`,
      met: result.ratio >= 0.3 && result.upload.p99 < 50,
      load: run.load,
    });
  }
  return rows;
}

type FanoutResult = {
  rows: Array<{ side: string; guardians: number; burstPerSecond: number; pacedP50: number | null }>;
  ratios: Array<{ guardians: number; burst: number }>;
};

async function fanout(databaseUrl: string | undefined): Promise<Row[]> {
  const run = await runBench('bench/realtime-fanout.ts', databaseUrl ? ['--database-url', databaseUrl] : []);
  const result = lastJson<FanoutResult>(run.stdout);
  return result.ratios.map((each) => {
    const beacon = result.rows.find((row) => row.side === 'beacon' && row.guardians === each.guardians);
    const broker = result.rows.find((row) => row.side === 'mosquitto' && row.guardians === each.guardians);
    return {
      goal: `fan-out 1 → ${each.guardians} ≥ 0.3× Mosquitto, paced median < 2 ms`,
      measured: `${beacon?.burstPerSecond.toFixed(0)} deliveries/s (${ratio(each.burst)}), paced median ${ms(beacon?.pacedP50)}`,
      baseline: `Mosquitto ${broker?.burstPerSecond.toFixed(0)}/s, paced median ${ms(broker?.pacedP50)}`,
      met: each.burst >= 0.3 && (beacon?.pacedP50 ?? Infinity) < 2,
      load: run.load,
    };
  });
}

type SosResult = {
  database: string;
  baseline: { smsMedianMs: number };
  underLoad: { smsMedianMs: number };
  ratio: { median: number };
  ingest: { okPerSecond: number };
};

async function sos(databaseUrl: string | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const args of [[], ...(databaseUrl ? [['--database-url', databaseUrl]] : [])]) {
    const run = await runBench('bench/sos-under-load.ts', args);
    const result = lastJson<SosResult>(run.stdout);
    rows.push({
      goal: `SOS under location load ≤ 1.5× idle (${result.database})`,
      measured: `${ms(result.underLoad.smsMedianMs)} under load, ${result.ingest.okPerSecond.toFixed(0)} uploads/s (${result.ratio.median.toFixed(2)}×)`,
      baseline: `${ms(result.baseline.smsMedianMs)} idle`,
      met: result.ratio.median <= 1.5,
      load: run.load,
    });
  }
  return rows;
}

type StartupResult = {
  results: Array<{ name: string; ms: number[]; cpuMs: number[]; idleRssMiB: number }>;
};

const medianOf = (values: number[]): number => percentile(values, 50) ?? 0;

async function startup(databaseUrl: string | undefined): Promise<Row[]> {
  const run = await runBench('bench/startup.ts', databaseUrl ? ['--database-url', databaseUrl] : []);
  const result = lastJson<StartupResult>(run.stdout);
  const bare = result.results.find((each) => each.name.startsWith('bare'));
  const goals: Record<string, { ms: number; label: string }> = {
    'embedded, existing data': { ms: 1000, label: 'start → health < 1 s, ≤ 300 MiB at rest' },
    'embedded, empty data directory': { ms: 3000, label: 'start → health < 3 s, ≤ 300 MiB at rest' },
  };
  return result.results
    .filter((each) => !each.name.startsWith('bare'))
    .map((each) => {
      const wall = medianOf(each.ms);
      const goal = goals[each.name];
      return {
        goal: `${each.name}${goal ? `: ${goal.label}` : ' (no goal; for comparison)'}`,
        measured: `${ms(wall)} (${ms(medianOf(each.cpuMs))} CPU), ${each.idleRssMiB.toFixed(0)} MiB at rest`,
        baseline: bare ? `bare Node HTTP server ${ms(medianOf(bare.ms))}` : '–',
        met: goal ? wall < goal.ms && each.idleRssMiB <= 300 : null,
        load: run.load,
      };
    });
}

type LighthouseFigures = { performance: number; lcpMs: number; tbtMs: number };

async function lighthouse(): Promise<Row[]> {
  if (!existsSync('dist/client/index.html')) {
    log('building the client for Lighthouse');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs', String(LIGHTHOUSE_PORT)], {
    stdio: 'ignore',
    detached: true,
  });
  try {
    const origin = `http://127.0.0.1:${LIGHTHOUSE_PORT}`;
    for (let tries = 0; ; tries++) {
      const healthy = await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      if (tries > 600) throw new Error('the app for Lighthouse did not start');
      await sleep(250);
    }
    const run = await runBench('bench/lighthouse.ts', ['--url', origin, '--pages', '/,/sos']);
    const result = lastJson<Record<string, LighthouseFigures[]>>(run.stdout);
    return Object.entries(result).map(([page, runs]) => {
      const performance = medianOf(runs.map((each) => each.performance));
      const lcp = medianOf(runs.map((each) => each.lcpMs));
      const tbt = medianOf(runs.map((each) => each.tbtMs));
      return {
        goal: `Lighthouse mobile, signed in, \`${page}\`: performance ≥ 0.9, LCP < 2.5 s`,
        measured: `${performance.toFixed(2)}, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${tbt.toFixed(0)} ms (median of ${runs.length})`,
        baseline: '–',
        met: performance >= 0.9 && lcp < 2500,
        load: run.load,
      };
    });
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

function section(rows: Row[], databaseUrl: string | undefined): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    START_MARK,
    `Written by \`npm run bench\` on ${when} UTC, ${describeRepo(process.cwd())}, ${os.cpus().length} cores, ` +
      `${databaseUrl ? 'PostgreSQL and the embedded database' : 'the embedded database only (no DATABASE_URL)'}. ` +
      'Load is the 1-minute load average before → after each benchmark: figures taken at a high load say ' +
      'little about the code.',
    '',
    '| goal | measured | baseline in the same run | met | load |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.goal} | ${row.measured} | ${row.baseline} | ${row.met === null ? '–' : row.met ? 'yes' : '**no**'} | ${row.load} |`,
    ),
    END_MARK,
  ];
  return lines.join('\n');
}

function writeSection(text: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START_MARK);
  const end = doc.indexOf(END_MARK);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START_MARK} … ${END_MARK} part to replace`);
  writeFileSync(DOC, `${doc.slice(0, start)}${text}${doc.slice(end + END_MARK.length)}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  process.chdir(path.resolve(import.meta.dirname, '..'));
  const steps: Record<BenchName, () => Promise<Row[]>> = {
    uploads: () => uploads(options.databaseUrl),
    fanout: () => fanout(options.databaseUrl),
    sos: () => sos(options.databaseUrl),
    startup: () => startup(options.databaseUrl),
    lighthouse,
  };
  const rows: Row[] = [];
  for (const name of options.only) rows.push(...(await steps[name]()));
  const text = section(rows, options.databaseUrl);
  process.stdout.write(`\n${text}\n`);
  if (options.write) {
    writeSection(text);
    log(`written into ${DOC}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
