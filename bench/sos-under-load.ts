/**
 * How long does an SOS take to reach the SMS provider, alone and while location uploads hammer the server?
 *
 * A benchmark, not a test: it asserts nothing about timings, it prints them. It drives a Beacon server only over
 * HTTP, so it runs against any checkout (`--repo`), old or new:
 *
 * 1. starts a fake Twilio (node:http) that records when each text arrives;
 * 2. spawns `tsx src/server/main.ts` from the repo with a fresh DATA_DIR (PGlite) or a throwaway PostgreSQL
 *    database (`--database-url`), pointed at the fake;
 * 3. signs up SOS users (each with one emergency contact whose number is unique, so every text is attributed to
 *    exactly one SOS) and loader users;
 * 4. baseline: raises `--sos` SOS one after another (POST /api/alerts) with no other traffic, timing each from
 *    sending the request to the fake Twilio receiving the text;
 * 5. under load: the same while `--concurrency` loops in a separate process keep POST /api/locations busy;
 * 6. prints median and p95 of both phases, their ratio and the ingest throughput reached during the load phase.
 *
 * Run: `npx tsx bench/sos-under-load.ts [--repo <dir>] [--database-url <url>] [--sos <n>] [--concurrency <n>]`.
 * See bench/README.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { addContact, runSosPhase, signUp, type PhaseResult, type User } from './lib/api';
import { withServer } from './lib/harness';
import { intOption, parseBenchArgs, type SharedOptions } from './lib/options';
import { isRecord, log, mapLimit, percentile, sleep } from './lib/util';

const LOAD_CHILD_FLAG = '--ingest-load-child';

// ---------------------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------------------

type Options = SharedOptions & {
  sos: number;
  concurrency: number;
  /** Loader accounts; loops share them round-robin. */
  loaderUsers: number;
  readingsPerRequest: number;
  warmupSos: number;
  loadWarmupMs: number;
  smsTimeoutMs: number;
  /** A phase stops raising new SOS once it has run this long (keeps a slow run bounded). */
  maxPhaseMs: number;
  pauseMs: number;
  /** Run the load generator at the lowest CPU priority, so on a small machine its own CPU use weighs less. */
  niceLoader: boolean;
};

const USAGE = `Usage: npx tsx bench/sos-under-load.ts [options]

  --repo <dir>              Beacon checkout to run (default: cwd)             env BENCH_REPO
  --database-url <url>      PostgreSQL server URL; a throwaway database       env BENCH_DATABASE_URL
                            beacon_bench_<random> is created and dropped.
                            Without it the server uses PGlite in a temp dir.
  --sos <n>                 SOS raised per phase (default 20)                 env BENCH_SOS
  --concurrency <n>         location-ingest requests in flight (default 64)   env BENCH_CONCURRENCY
  --loader-users <n>        accounts the ingest loops post as (default: = concurrency)
  --readings <n>            readings per POST /api/locations (default 1, max 100)
  --warmup-sos <n>          SOS raised and discarded before the baseline (default 3)
  --load-warmup-ms <ms>     load runs this long before SOS are timed (default 2000)
  --sms-timeout-ms <ms>     give up on one SOS's text after this (default 30000)
  --max-phase-seconds <s>   stop a phase early after this long (default 45)
  --pause-ms <ms>           pause between two SOS (default 100)
  --nice-loader             run the load generator at the lowest CPU priority
                            (separates its CPU use from the server's)
  --json                    also print the result as one JSON line
  -h, --help`;

function parseOptions(argv: string[]): Options {
  const { values, shared } = parseBenchArgs(
    argv,
    USAGE,
    {
      sos: { type: 'string' },
      concurrency: { type: 'string' },
      'loader-users': { type: 'string' },
      readings: { type: 'string' },
      'warmup-sos': { type: 'string' },
      'load-warmup-ms': { type: 'string' },
      'sms-timeout-ms': { type: 'string' },
      'max-phase-seconds': { type: 'string' },
      'pause-ms': { type: 'string' },
      'nice-loader': { type: 'boolean', default: false },
    },
    {
      repo: 'BENCH_REPO',
      'database-url': 'BENCH_DATABASE_URL',
      sos: 'BENCH_SOS',
      concurrency: 'BENCH_CONCURRENCY',
    },
  );
  const concurrency = intOption('concurrency', values.concurrency, 64, 1, 4096);
  return {
    ...shared,
    sos: intOption('sos', values.sos, 20, 1, 10_000),
    concurrency,
    loaderUsers: intOption('loader-users', values['loader-users'], concurrency, 1, 4096),
    readingsPerRequest: intOption('readings', values.readings, 1, 1, 100),
    warmupSos: intOption('warmup-sos', values['warmup-sos'], 3, 0, 1000),
    loadWarmupMs: intOption('load-warmup-ms', values['load-warmup-ms'], 2000, 0, 600_000),
    smsTimeoutMs: intOption('sms-timeout-ms', values['sms-timeout-ms'], 30_000, 100, 600_000),
    maxPhaseMs: intOption('max-phase-seconds', values['max-phase-seconds'], 45, 1, 86_400) * 1000,
    pauseMs: intOption('pause-ms', values['pause-ms'], 100, 0, 60_000),
    niceLoader: values['nice-loader'],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Location-ingest load: a separate process, so its HTTP client work never delays the SOS timestamps
// ---------------------------------------------------------------------------------------------------------------

type ToLoad =
  | { type: 'start'; baseUrl: string; tokens: string[]; concurrency: number; readingsPerRequest: number }
  | { type: 'mark' }
  | { type: 'stop' };

type LoadReport = {
  /** Between `mark` and `stop`: the window in which SOS were timed. */
  windowMs: number;
  ok: number;
  failed: number;
  /** Answers by status ("network" = no answer), whole run. */
  statuses: Record<string, number>;
  latencyMedianMs: number | null;
  latencyP95Ms: number | null;
};

type FromLoad =
  { type: 'ready' } | { type: 'started' } | { type: 'marked' } | { type: 'report'; report: LoadReport };

function isMessage<T extends { type: string }>(value: unknown): value is T {
  return isRecord(value) && typeof value.type === 'string';
}

async function runLoadChild(): Promise<void> {
  const send = (message: FromLoad): void => {
    process.send?.(message);
  };
  let stopping = false;
  let loops: Promise<void>[] = [];
  let marked: number | null = null;
  let ok = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  let latencies: number[] = [];

  const reading = (loop: number, n: number): Record<string, unknown> => ({
    latitude: 48.1 + (loop % 100) * 0.001 + (n % 1000) * 0.00001,
    longitude: 11.5 + (n % 1000) * 0.00001,
    accuracy: 15,
    speed: 1.2,
    heading: 90,
    timestamp: Date.now(),
    battery: 80,
    online: true,
  });

  const loop = async (start: Extract<ToLoad, { type: 'start' }>, index: number): Promise<void> => {
    const token = start.tokens[index % start.tokens.length];
    if (!token) return;
    const url = `${start.baseUrl}/api/locations`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    let n = 0;
    while (!stopping) {
      const body =
        start.readingsPerRequest === 1
          ? reading(index, n++)
          : { readings: Array.from({ length: start.readingsPerRequest }, () => reading(index, n++)) };
      const began = performance.now();
      let status = 'network';
      try {
        const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
        status = String(response.status);
        await response.arrayBuffer();
      } catch {
        // Counted as "network" below.
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (marked !== null && status.startsWith('2')) {
        ok++;
        latencies.push(performance.now() - began);
      } else if (marked !== null) {
        failed++;
      }
      // A server that refuses connections should not turn this loop into a busy spin.
      if (status === 'network') await sleep(50);
    }
  };

  process.on('message', (message: unknown) => {
    if (!isMessage<ToLoad>(message)) return;
    if (message.type === 'start') {
      loops = Array.from({ length: message.concurrency }, (_, index) => loop(message, index));
      send({ type: 'started' });
    } else if (message.type === 'mark') {
      marked = performance.now();
      ok = 0;
      failed = 0;
      latencies = [];
      send({ type: 'marked' });
    } else {
      const windowMs = marked === null ? 0 : performance.now() - marked;
      stopping = true;
      // The window ends now; requests still in flight finish but are not counted.
      const report: LoadReport = {
        windowMs,
        ok,
        failed,
        statuses,
        latencyMedianMs: percentile(latencies, 50),
        latencyP95Ms: percentile(latencies, 95),
      };
      void Promise.all(loops).then(() => {
        process.send?.({ type: 'report', report } satisfies FromLoad, () => process.exit(0));
      });
    }
  });
  // The parent went away (crashed, or killed): stop loading its server.
  process.once('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

type LoadGenerator = {
  start(message: Extract<ToLoad, { type: 'start' }>): Promise<void>;
  mark(): Promise<void>;
  stop(): Promise<LoadReport>;
  kill(): void;
};

async function startLoadGenerator(nice: boolean): Promise<LoadGenerator> {
  // fork() reuses this process's execArgv, i.e. tsx's loader.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [LOAD_CHILD_FLAG], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (nice && child.pid !== undefined) os.setPriority(child.pid, 19);
  const next = <T extends FromLoad['type']>(type: T): Promise<Extract<FromLoad, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: unknown): void => {
        if (isMessage<FromLoad>(message) && message.type === type) {
          cleanup();
          resolve(message as Extract<FromLoad, { type: T }>);
        }
      };
      const onExit = (code: number | null): void => {
        cleanup();
        reject(new Error(`the load generator exited (code ${code}) while waiting for "${type}"`));
      };
      const cleanup = (): void => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  await next('ready');
  const send = (message: ToLoad): void => {
    child.send(message);
  };
  return {
    async start(message) {
      const started = next('started');
      send(message);
      await started;
    },
    async mark() {
      const marked = next('marked');
      send({ type: 'mark' });
      await marked;
    },
    async stop() {
      const report = next('report');
      send({ type: 'stop' });
      return (await report).report;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------------

type Summary = {
  repo: string;
  commit: string;
  database: string;
  sosPerPhase: number;
  concurrency: number;
  loaderUsers: number;
  readingsPerRequest: number;
  /** The machine's 1-minute load average when the run started and ended (other jobs skew every number). */
  loadAverage: { start: number; end: number; cpus: number };
  baseline: PhaseSummary;
  underLoad: PhaseSummary;
  ratio: { median: number | null; p95: number | null };
  ingest: LoadReport & { okPerSecond: number };
};

type PhaseSummary = {
  n: number;
  lost: number;
  smsMedianMs: number | null;
  smsP95Ms: number | null;
  smsMaxMs: number | null;
  httpMedianMs: number | null;
};

function summarise(phase: PhaseResult): PhaseSummary {
  return {
    n: phase.samples.length,
    lost: phase.lost,
    smsMedianMs: percentile(phase.sms, 50),
    smsP95Ms: percentile(phase.sms, 95),
    smsMaxMs: percentile(phase.sms, 100),
    httpMedianMs: percentile(
      phase.samples.map((s) => s.httpMs),
      50,
    ),
  };
}

const ratioOf = (a: number | null, b: number | null): number | null => (a === null || !b ? null : a / b);

function printTable(summary: Summary): void {
  const ms = (value: number | null): string => (value === null ? '-' : `${value.toFixed(1)} ms`);
  const times = (value: number | null): string => (value === null ? '-' : `${value.toFixed(2)}x`);
  const rows: string[][] = [
    ['phase', 'SOS', 'lost', 'SOS→SMS median', 'p95', 'max', 'HTTP median', 'ingest ok req/s'],
    ...(
      [
        ['baseline', summary.baseline, '-'],
        ['under load', summary.underLoad, summary.ingest.okPerSecond.toFixed(1)],
      ] as const
    ).map(([name, phase, rate]) => [
      name,
      String(phase.n),
      String(phase.lost),
      ms(phase.smsMedianMs),
      ms(phase.smsP95Ms),
      ms(phase.smsMaxMs),
      ms(phase.httpMedianMs),
      rate,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]): string =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  const ingest = summary.ingest;
  const statuses = Object.entries(ingest.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  process.stdout.write(
    [
      '',
      `SOS under location-ingest load — ${summary.repo} (${summary.commit}), database ${summary.database}`,
      `${summary.sosPerPhase} SOS per phase; load: ${summary.concurrency} requests in flight from ` +
        `${summary.loaderUsers} users, ${summary.readingsPerRequest} reading(s) per request`,
      `machine: ${summary.loadAverage.cpus} CPUs, 1-min load average ${summary.loadAverage.start.toFixed(2)} ` +
        `at start, ${summary.loadAverage.end.toFixed(2)} at end`,
      '',
      line(rows[0]!),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.slice(1).map(line),
      '',
      `ratio under load / baseline: median ${times(summary.ratio.median)}, p95 ${times(summary.ratio.p95)}`,
      `ingest during the timed window: ${ingest.ok} ok, ${ingest.failed} failed in ` +
        `${(ingest.windowMs / 1000).toFixed(1)} s = ${ingest.okPerSecond.toFixed(1)} req/s; ` +
        `latency median ${ms(ingest.latencyMedianMs)}, p95 ${ms(ingest.latencyP95Ms)}`,
      `ingest answers (whole load phase): ${statuses || 'none'}`,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = os.loadavg()[0] ?? 0;
  await withServer({ repo: options.repo, databaseUrl: options.databaseUrl }, async (harness) => {
    const { server, twilio } = harness;
    const load = await startLoadGenerator(options.niceLoader);
    harness.onCleanUp(() => load.kill());

    // Accounts. Each SOS gets its own user and contact number, so each text belongs to exactly one SOS.
    const run = randomBytes(4).toString('hex');
    const sosCount = options.warmupSos + 2 * options.sos;
    log(`signing up ${sosCount} SOS users and ${options.loaderUsers} loader users`);
    let sosUsers: User[];
    let loaders: User[];
    try {
      sosUsers = await mapLimit(
        Array.from({ length: sosCount }, (_, i) => i),
        4,
        async (i) => {
          const email = `bench-${run}-sos-${i}@example.com`;
          const token = await signUp(server.baseUrl, email);
          // +1 202 555 xxxx: a valid E.164 shape, unique per SOS in this run.
          const contactPhone = `+1202555${String(i).padStart(4, '0')}`;
          await addContact(server.baseUrl, token, contactPhone);
          return { email, token, contactPhone };
        },
      );
      loaders = await mapLimit(
        Array.from({ length: options.loaderUsers }, (_, i) => i),
        4,
        async (i) => {
          const email = `bench-${run}-loader-${i}@example.com`;
          return { email, token: await signUp(server.baseUrl, email), contactPhone: null };
        },
      );
    } catch (error) {
      throw new Error(
        `setting up accounts failed: ${error instanceof Error ? error.message : String(error)}\n` +
          `server output:\n${server.output().trim() || '(none)'}`,
        { cause: error },
      );
    }

    const warmup = sosUsers.slice(0, options.warmupSos);
    const baselineUsers = sosUsers.slice(options.warmupSos, options.warmupSos + options.sos);
    const loadUsers = sosUsers.slice(options.warmupSos + options.sos);

    if (warmup.length > 0) {
      log(`warm-up: ${warmup.length} SOS`);
      await runSosPhase('warm-up', server.baseUrl, warmup, twilio, options);
    }
    log(`baseline: ${baselineUsers.length} SOS, no load`);
    const baseline = await runSosPhase('baseline', server.baseUrl, baselineUsers, twilio, options);

    log(`load: ${options.concurrency} ingest requests in flight; ${options.loadWarmupMs} ms before timing`);
    await load.start({
      type: 'start',
      baseUrl: server.baseUrl,
      tokens: loaders.map((user) => user.token),
      concurrency: options.concurrency,
      readingsPerRequest: options.readingsPerRequest,
    });
    await sleep(options.loadWarmupMs);
    await load.mark();
    const underLoad = await runSosPhase('under load', server.baseUrl, loadUsers, twilio, options);
    const ingest = await load.stop();

    const baselineSummary = summarise(baseline);
    const underLoadSummary = summarise(underLoad);
    const summary: Summary = {
      repo: options.repo,
      commit: harness.commit,
      database: server.database,
      sosPerPhase: options.sos,
      concurrency: options.concurrency,
      loaderUsers: options.loaderUsers,
      readingsPerRequest: options.readingsPerRequest,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0, cpus: os.cpus().length },
      baseline: baselineSummary,
      underLoad: underLoadSummary,
      ratio: {
        median: ratioOf(underLoadSummary.smsMedianMs, baselineSummary.smsMedianMs),
        p95: ratioOf(underLoadSummary.smsP95Ms, baselineSummary.smsP95Ms),
      },
      ingest: { ...ingest, okPerSecond: ingest.windowMs > 0 ? (ingest.ok / ingest.windowMs) * 1000 : 0 },
    };
    printTable(summary);
    if (twilio.unexpected() > 0) log(`${twilio.unexpected()} text(s) arrived that no SOS waited for`);
    if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  });
}

if (process.argv[2] === LOAD_CHILD_FLAG) {
  void runLoadChild();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`[bench] failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
