/** The Beacon server under test: `tsx src/server/main.ts` from a checkout, in its own process group. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeTwilio } from './fake-twilio';
import { freePort, isRecord, sleep } from './util';

/** Every variable src/server/config.ts reads: none is inherited from the caller's shell by accident. */
export const SERVER_ENV_NAMES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'AUTH_REFRESH_REUSE_GRACE_SECONDS',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'AUTH_MAX_FAILED_SIGNINS',
  'AUTH_MAX_REQUESTS_PER_ADDRESS',
  'AUTH_MAX_SIGNUPS_PER_ADDRESS',
  'AUTH_RATE_WINDOW_MINUTES',
  'TRUST_PROXY',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_BASE_URL',
  'SMS_TIMEOUT_MS',
  'ALERT_FIRST_ATTEMPT_WAIT_MS',
  'ALERT_DELIVERY_LEASE_MS',
  'SMS_GLOBAL_MAX_PER_HOUR',
  'SCHEDULER_INTERVAL_MS',
  'HTTP_CONCURRENCY',
  'HTTP_MEDIA_CONCURRENCY',
  'HTTP_HEADERS_TIMEOUT_MS',
  'HTTP_REQUEST_TIMEOUT_MS',
  'HTTP_IDLE_TIMEOUT_MS',
  'HTTP_MAX_IN_FLIGHT_PER_ADDRESS',
  'SCHEDULER_ENABLED',
  'REDIS_CHANNEL_PREFIX',
  'LOCATION_RETENTION_HOURS',
  'RECORDING_RETENTION_HOURS',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'JOURNEY_SILENCE_MINUTES',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'PUSH_TIMEOUT_MS',
  'PUSH_ALLOW_ANY_ENDPOINT',
  'DEV_CLOCK_CONTROL',
  'VITE_TILE_URL',
  'OVERPASS_URL',
  'OVERPASS_TIMEOUT_MS',
];

export type BeaconServer = {
  baseUrl: string;
  database: string;
  /** CPU time the server's processes (tsx and the server) have used so far, in ms; null where /proc is missing. */
  cpuMs(): number | null;
  /** The last lines the server wrote (stdout and stderr), for error reports. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * `BENCH_SERVER_ENV="HTTP_CONCURRENCY=8,…"`: server settings to try in a benchmark run (the Beacon variables of
 * the shell are not passed on, so a setting to compare must be asked for by name).
 */
function serverEnvFromShell(): Record<string, string> {
  const pairs = (process.env.BENCH_SERVER_ENV ?? '').split(',').filter((pair) => pair.includes('='));
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

export async function startServer(options: {
  repo: string;
  dataDir: string;
  databaseUrl: string | undefined;
  twilio: FakeTwilio;
  /** More server variables (they win over the defaults here). */
  env?: Record<string, string>;
}): Promise<BeaconServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_ENV_NAMES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    AUTH_MAX_REQUESTS_PER_ADDRESS: '1000000',
    AUTH_MAX_FAILED_SIGNINS: '1000000',
    // The load generator is one address with hundreds of uploads in flight (the server's per-address bound).
    HTTP_MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
    // Every SOS has its own account, all signed up from this machine.
    AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000000',
    TWILIO_ACCOUNT_SID: options.twilio.accountSid,
    TWILIO_AUTH_TOKEN: options.twilio.authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_BASE_URL: options.twilio.baseUrl,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
    ...serverEnvFromShell(),
  });

  // The repo's own tsx when it has one (what `npx tsx` would run), else npx.
  const localTsx = path.join(options.repo, 'node_modules', '.bin', 'tsx');
  const [command, args] = existsSync(localTsx)
    ? [localTsx, ['src/server/main.ts']]
    : ['npx', ['--no-install', 'tsx', 'src/server/main.ts']];
  // Its own process group, so a stuck server (tsx and its node child) can be killed as a whole.
  const child = spawn(command, args, {
    cwd: options.repo,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );

  const killGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  const stop = async (): Promise<void> => {
    if (!exited) {
      // tsx relays SIGTERM to the server, whose handler closes the app and the database.
      child.kill('SIGTERM');
      await Promise.race([exit, sleep(10_000)]);
    }
    killGroup('SIGKILL');
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(
        `the Beacon server in ${options.repo} exited before answering /api/health ` +
          `(code ${code}, signal ${signal}). Its output:\n${output.trim() || '(none)'}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Beacon server did not answer /api/health within 90 s. Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) {
        const health: unknown = await response.json();
        const database = isRecord(health) && typeof health.database === 'string' ? health.database : '?';
        const group = child.pid;
        return { baseUrl, database, output: () => output, stop, cpuMs: () => groupCpuMs(group) };
      }
      await response.arrayBuffer();
    } catch {
      // Not listening yet.
    }
    await Promise.race([sleep(200), exit]);
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of every process in the group, in ms (Linux /proc); null when it cannot be read. */
function groupCpuMs(group: number | undefined): number | null {
  if (group === undefined || !existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended meanwhile.
    }
    // After the command name in parentheses: state, ppid, pgrp, … utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== group) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
