/**
 * How many authenticated location uploads a second does the server take, next to what its database takes as raw
 * single-row INSERTs in the same run?
 *
 * A benchmark, not a test: it asserts nothing. It
 * 1. starts the server from a checkout (`--repo`) on PGlite in a temp dir, or on a throwaway PostgreSQL database
 *    (`--database-url`), and signs up `--users` people (location sharing is on for a new account);
 * 2. baseline: `--concurrency` loops INSERT one row at a time into a copy of `live_locations` for `--seconds`: on
 *    PostgreSQL through a `pg` pool of the server's size (10) into the same database, on PGlite into a PGlite of
 *    its own in this process (the server's folder is in use), both with the table's columns and indexes;
 * 3. uploads: `--concurrency` loops, each over its own keep-alive connection (undici), POST /api/locations with
 *    one new reading as soon as the previous answer is in, for `--seconds` after `--warmup-seconds`;
 * 4. prints both rates, upload latency (median, p99), their ratio and the server's CPU, with the load average.
 *
 * Run: `npx tsx bench/location-upload.ts [--database-url <url>] [--concurrency <n>] [--seconds <n>]`.
 * See bench/README.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Pool } from 'undici';
import { signUp } from './lib/api';
import { loadAverage, withServer } from './lib/harness';
import { intOption, parseBenchArgs, type SharedOptions } from './lib/options';
import { log, mapLimit, percentile } from './lib/util';

type Options = SharedOptions & {
  concurrency: number;
  users: number;
  seconds: number;
  warmupSeconds: number;
};

const USAGE = `Usage: npx tsx bench/location-upload.ts [options]

  --repo <dir>              Beacon checkout to run (default: cwd)
  --database-url <url>      PostgreSQL server URL; a throwaway database is created and dropped.
                            Without it the server uses PGlite in a temp dir.
  --concurrency <n>         uploads (and raw INSERTs) in flight (default 32)
  --users <n>               accounts the uploads post as, round-robin (default 32)
  --seconds <n>             measured seconds per phase (default 8)
  --warmup-seconds <n>      unmeasured seconds before each phase (default 2)
  --json                    also print the result as one JSON line
  -h, --help`;

function parseOptions(argv: string[]): Options {
  const { values, shared } = parseBenchArgs(argv, USAGE, {
    concurrency: { type: 'string' },
    users: { type: 'string' },
    seconds: { type: 'string' },
    'warmup-seconds': { type: 'string' },
  });
  return {
    ...shared,
    concurrency: intOption('concurrency', values.concurrency, 32),
    users: intOption('users', values.users, 32),
    seconds: intOption('seconds', values.seconds, 8),
    warmupSeconds: intOption('warmup-seconds', values['warmup-seconds'], 2),
  };
}

/** The columns and indexes of `live_locations` (migrations 001, 003, 018), without the foreign key. */
const RAW_TABLE = `CREATE TABLE bench_raw_locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  latitude double precision NOT NULL, longitude double precision NOT NULL,
  accuracy double precision, speed double precision, heading double precision, altitude double precision,
  address text, battery_level smallint, network_online boolean,
  recorded_at timestamptz NOT NULL DEFAULT now(), checked_at timestamptz NOT NULL DEFAULT now(),
  received_at timestamptz NOT NULL DEFAULT now(), created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bench_raw_locations_user_time_idx ON bench_raw_locations (user_id, recorded_at DESC);
CREATE INDEX bench_raw_locations_recorded_idx ON bench_raw_locations (recorded_at)`;

const RAW_INSERT = `INSERT INTO bench_raw_locations (user_id, latitude, longitude, accuracy, speed, heading, battery_level,
  network_online, recorded_at, checked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`;

type PhaseResult = { ok: number; failed: number; perSecond: number; p50: number | null; p99: number | null };

/** Runs `concurrency` loops of `once` for warm-up plus measured seconds; counts and times the measured part. */
async function closedLoop(
  options: Options,
  once: (loop: number, n: number) => Promise<boolean>,
): Promise<PhaseResult & { statuses?: Record<string, number> }> {
  const warmupEnds = performance.now() + options.warmupSeconds * 1000;
  const ends = warmupEnds + options.seconds * 1000;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, loop) => {
      for (let n = 0; ; n++) {
        const began = performance.now();
        if (began >= ends) return;
        const success = await once(loop, n);
        const done = performance.now();
        if (began < warmupEnds || done > ends) continue;
        if (success) {
          ok++;
          latencies.push(done - began);
        } else failed++;
      }
    }),
  );
  return {
    ok,
    failed,
    perSecond: ok / options.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const reading = (loop: number, n: number): Record<string, unknown> => ({
  latitude: 48.1 + (loop % 100) * 0.001 + (n % 100_000) * 0.000001,
  longitude: 11.5 + (n % 1000) * 0.00001,
  accuracy: 15,
  speed: 1.2,
  heading: 90,
  timestamp: new Date().toISOString(),
  battery: 80,
  online: true,
});

/** The database the raw INSERTs go into, PostgreSQL or PGlite alike. */
type RawDatabase = {
  /** Runs statements without parameters (several, separated by semicolons). */
  exec(sql: string): Promise<unknown>;
  query(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
};

/** On PostgreSQL a `pg` pool of the server's size into `url`; on PGlite one of its own in a temp dir. */
async function openRawDatabase(url: string | undefined): Promise<RawDatabase> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      exec: (sql) => pool.query(sql),
      query: (sql, params) => pool.query(sql, params),
      close: () => pool.end(),
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'beacon-bench-raw-'));
  const db = await PGlite.create({ dataDir: dir });
  return {
    exec: (sql) => db.exec(sql),
    query: (sql, params) => db.query(sql, params),
    close: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function rawInserts(options: Options, url: string | undefined): Promise<PhaseResult> {
  const db = await openRawDatabase(url);
  try {
    await db.exec(RAW_TABLE);
    const users = Array.from({ length: options.users }, () => randomUUID());
    return await closedLoop(options, async (loop, n) => {
      const r = reading(loop, n);
      await db.query(RAW_INSERT, [
        users[loop % users.length],
        r.latitude,
        r.longitude,
        15,
        1.2,
        90,
        80,
        true,
        new Date(),
      ]);
      return true;
    });
  } finally {
    await db.close();
  }
}

async function uploads(
  options: Options,
  baseUrl: string,
  tokens: readonly string[],
): Promise<PhaseResult & { statuses: Record<string, number> }> {
  const pool = new Pool(baseUrl, { connections: options.concurrency, pipelining: 1 });
  const statuses: Record<string, number> = {};
  try {
    const result = await closedLoop(options, async (loop, n) => {
      let status = 'network';
      try {
        const response = await pool.request({
          method: 'POST',
          path: '/api/locations',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[loop % tokens.length]}`,
          },
          body: JSON.stringify(reading(loop, n)),
        });
        status = String(response.statusCode);
        await response.body.dump();
      } catch {
        // Counted as "network".
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      return status === '200';
    });
    return { ...result, statuses };
  } finally {
    await pool.close();
  }
}

const ms = (value: number | null): string => (value === null ? '-' : `${value.toFixed(1)} ms`);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = loadAverage();
  const result = await withServer(
    { repo: options.repo, databaseUrl: options.databaseUrl },
    async (harness) => {
      const { server } = harness;
      const run = randomBytes(4).toString('hex');
      log(`signing up ${options.users} users`);
      const tokens = await mapLimit(
        Array.from({ length: options.users }, (_, i) => i),
        4,
        (i) => signUp(server.baseUrl, `bench-${run}-upload-${i}@example.com`),
      );
      log(`raw single-row INSERTs, ${options.concurrency} in flight`);
      const raw = await rawInserts(options, harness.databaseUrl);
      log(`POST /api/locations, ${options.concurrency} in flight`);
      const cpuBefore = server.cpuMs();
      const startedAt = performance.now();
      const upload = await uploads(options, server.baseUrl, tokens);
      const cpuAfter = server.cpuMs();
      const elapsedMs = performance.now() - startedAt;
      const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      const cpuShare = cpuMs === null ? null : cpuMs / elapsedMs;
      // Per answered upload, warm-up included: the server's cost of one, which a busy machine changes far less than
      // the rate.
      const answered = Object.values(upload.statuses).reduce((sum, count) => sum + count, 0);
      const cpuPerUploadMs = cpuMs === null || answered === 0 ? null : cpuMs / answered;
      return { commit: harness.commit, database: server.database, raw, upload, cpuShare, cpuPerUploadMs };
    },
  );
  const loadAtEnd = loadAverage();
  const ratio = result.upload.perSecond / result.raw.perSecond;
  const lines = [
    `location uploads: ${result.commit}, ${result.database}, ${options.concurrency} in flight, ${options.seconds} s per phase`,
    `load average at start ${loadAtStart}, at end ${loadAtEnd}`,
    '',
    'phase                     per second   median     p99        failed',
    `raw INSERT (baseline)     ${result.raw.perSecond.toFixed(0).padEnd(12)} ${ms(result.raw.p50).padEnd(10)} ${ms(result.raw.p99).padEnd(10)} ${result.raw.failed}`,
    `POST /api/locations       ${result.upload.perSecond.toFixed(0).padEnd(12)} ${ms(result.upload.p50).padEnd(10)} ${ms(result.upload.p99).padEnd(10)} ${result.upload.failed}`,
    '',
    `ratio uploads / raw INSERT: ${ratio.toFixed(3)}x`,
    `answers: ${JSON.stringify(result.upload.statuses)}`,
    `server CPU during uploads: ${result.cpuShare === null ? '-' : `${(result.cpuShare * 100).toFixed(0)}% of one core (tsx + server${result.database === 'pglite' ? ' + PGlite' : ''})`}, ${result.cpuPerUploadMs === null ? '-' : `${result.cpuPerUploadMs.toFixed(2)} ms per upload`}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...result, ratio, loadAtStart, loadAtEnd })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
