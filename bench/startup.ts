/**
 * How fast `npm start` answers /api/health and how much memory the server holds once idle, beside a bare Node HTTP
 * server started the same way (the floor no Node server goes under). A benchmark, not a test: it asserts nothing.
 *
 *   npx tsx bench/startup.ts [--runs 3] [--idle-seconds 10] [--repo .] [--database-url postgres://…] [--json]
 *
 * Each case starts `node scripts/start.mjs` (what `npm start` runs, without npm's own start-up) with the client
 * already built, `--runs` times: on existing data (a data directory an untimed first start created), on an empty
 * data directory (a new one each run), and with --database-url on PostgreSQL (a throwaway database an untimed first
 * start migrated). After the last run of each case it waits `--idle-seconds` and reads the server's resident memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_ENV_NAMES } from './lib/beacon-server';
import { createThrowawayDatabase } from './lib/throwaway-database';
import { describeRepo, freePort, log, percentile, sleep } from './lib/util';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '10' },
    repo: { type: 'string', default: '.' },
    'database-url': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const idleMs = Number(options['idle-seconds']) * 1000;
const repo = path.resolve(options.repo);

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

type Started = { child: ChildProcess; ms: number; cpuMs: number };

async function start(command: string[], env: Record<string, string>, url: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: repo,
    env: { ...baseEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited: ${errors}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      await response.arrayBuffer();
      if (response.ok) {
        const ms = performance.now() - started;
        return { child, ms, cpuMs: cpuMs(child.pid as number) };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(5);
  }
}

/** The caller's environment without any Beacon variable, so none leaks into the server by accident. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVER_ENV_NAMES.includes(name)) env[name] = value;
  }
  return { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used, with that of the children it has waited for (a client build, the child that
 * creates a new embedded database), in ms: on a busy machine a steadier measure than the wall clock.
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name in parentheses: utime, stime, cutime and cstime are the 14th to 17th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident and peak resident memory of a process and its children, in MiB (Linux /proc). */
function memoryMiB(pid: number): { rss: number; peak: number } {
  const pids = [pid];
  for (const entry of readdirChildren(pid)) pids.push(entry);
  let rss = 0;
  let peak = 0;
  for (const id of pids) {
    const status = readFileSync(`/proc/${id}/status`, 'utf8');
    rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }
  return { rss, peak };
}

function readdirChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children
      ? children
          .split(' ')
          .map(Number)
          .flatMap((id) => [id, ...readdirChildren(id)])
      : [];
  } catch {
    return [];
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

type CaseResult = { name: string; ms: number[]; cpuMs: number[]; idleRssMiB: number; peakRssMiB: number };

/** Starts the case `runs` times; the last run is left idle for `idleMs` and its memory read. */
async function measure(name: string, run: () => Promise<Started>): Promise<CaseResult> {
  const ms: number[] = [];
  const cpu: number[] = [];
  let memory = { rss: 0, peak: 0 };
  for (let i = 0; i < runs; i++) {
    const { child, ms: took, cpuMs: used } = await run();
    ms.push(took);
    cpu.push(used);
    if (i === runs - 1) {
      await sleep(idleMs);
      memory = memoryMiB(child.pid as number);
    }
    await stop(child);
    log(`${name}: ${took.toFixed(0)} ms, ${used.toFixed(0)} ms CPU`);
  }
  return { name, ms, cpuMs: cpu, idleRssMiB: memory.rss, peakRssMiB: memory.peak };
}

const npmStart = ['node', 'scripts/start.mjs'];
const health = '/api/health';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'beacon-startup-'));
const results: CaseResult[] = [];
try {
  results.push(await measure('bare Node HTTP server', () => start(['node', '-e', BARE_SERVER], {}, '/')));

  const existing = path.join(scratch, 'existing');
  await stop((await start(npmStart, { DATA_DIR: existing }, health)).child);
  results.push(
    await measure('embedded, existing data', () => start(npmStart, { DATA_DIR: existing }, health)),
  );

  results.push(
    await measure('embedded, empty data directory', () =>
      start(npmStart, { DATA_DIR: mkdtempSync(path.join(scratch, 'empty-')) }, health),
    ),
  );

  if (options['database-url']) {
    const database = await createThrowawayDatabase(options['database-url']);
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: path.join(scratch, 'pg') };
      await stop((await start(npmStart, env, health)).child);
      results.push(await measure('PostgreSQL, existing schema', () => start(npmStart, env, health)));
    } finally {
      await database.drop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const bare = percentile(results[0]?.ms ?? [], 50) ?? 1;
const bareCpu = percentile(results[0]?.cpuMs ?? [], 50) ?? 1;
if (options.json) {
  console.log(
    JSON.stringify({ commit: describeRepo(repo), runs, idleSeconds: idleMs / 1000, results }, null, 2),
  );
} else {
  console.log(`${describeRepo(repo)}, ${runs} runs per case, memory after ${idleMs / 1000} s idle`);
  console.log(
    'case                              start→health median (runs)          ×bare   CPU median  ×bare   idle RSS  peak RSS',
  );
  for (const result of results) {
    const median = percentile(result.ms, 50) ?? 0;
    const cpuMedian = percentile(result.cpuMs, 50) ?? 0;
    console.log(
      [
        result.name.padEnd(33),
        `${median.toFixed(0)} ms (${result.ms.map((ms) => ms.toFixed(0)).join(', ')})`.padEnd(35),
        `${(median / bare).toFixed(1)}×`.padStart(6),
        `${cpuMedian.toFixed(0)} ms`.padStart(11),
        `${(cpuMedian / bareCpu).toFixed(1)}×`.padStart(6),
        `${result.idleRssMiB.toFixed(0)} MiB`.padStart(9),
        `${result.peakRssMiB.toFixed(0)} MiB`.padStart(9),
      ].join(' '),
    );
  }
}
