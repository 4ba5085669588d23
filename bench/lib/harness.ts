/**
 * What a benchmark run around one Beacon server needs: a fake Twilio, a throwaway PostgreSQL database or a PGlite
 * folder, the server itself, and clean-up in reverse order however the run ends (Ctrl-C included).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type BeaconServer } from './beacon-server';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { createThrowawayDatabase } from './throwaway-database';
import { describeRepo, log } from './util';

export type Harness = {
  /** The running server (a new one after `restart`). */
  server: BeaconServer;
  /** The fake SMS provider the server sends its texts to. */
  twilio: FakeTwilio;
  /** The PGlite folder (PGlite runs). */
  dataDir: string;
  /** The throwaway database's URL (PostgreSQL runs), else undefined. */
  databaseUrl: string | undefined;
  commit: string;
  /**
   * Stops the server, runs `between` (PGlite's folder is free then), and starts it again on the same data; tokens
   * issued before stay valid (the same JWT_SECRET).
   */
  restart(between: () => Promise<void>): Promise<void>;
  /** Adds a clean-up step (run in reverse order at the end). */
  onCleanUp(step: () => Promise<void> | void): void;
};

/**
 * Runs `work` with a started server; cleans everything up afterwards, also on SIGINT/SIGTERM. `env`: more server
 * variables (BENCH_SERVER_ENV still wins over them, see beacon-server.ts).
 */
export async function withServer<T>(
  options: { repo: string; databaseUrl: string | undefined; env?: Record<string, string> },
  work: (harness: Harness) => Promise<T>,
): Promise<T> {
  if (!existsSync(path.join(options.repo, 'src', 'server', 'main.ts'))) {
    throw new Error(`${options.repo} has no src/server/main.ts (use --repo <Beacon checkout>)`);
  }
  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  // One clean-up for both ways out: after Ctrl-C, `work` usually fails too (its server is gone), and its caller
  // may exit at once, so the `finally` below must wait for the clean-up the signal started, not skip it.
  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> => (cleaning ??= runCleanups());
  const interrupted = (): void => {
    log('interrupted: cleaning up');
    void cleanUp().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const twilio = await startFakeTwilio();
    cleanups.push(() => twilio.close());
    let databaseUrl: string | undefined;
    if (options.databaseUrl) {
      const database = await createThrowawayDatabase(options.databaseUrl);
      cleanups.push(() => database.drop());
      databaseUrl = database.url;
      log(`created database ${database.name}`);
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'beacon-bench-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const commit = describeRepo(options.repo);
    log(`starting the server from ${options.repo} (${commit})`);
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), ...options.env };
    const start = async (): Promise<BeaconServer> => {
      const startedAt = performance.now();
      const server = await startServer({ repo: options.repo, dataDir, databaseUrl, twilio, env });
      log(
        `server up on ${server.baseUrl} (${server.database}) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
      );
      return server;
    };
    const harness: Harness = {
      server: await start(),
      twilio,
      dataDir,
      databaseUrl,
      commit,
      async restart(between) {
        await harness.server.stop();
        await between();
        harness.server = await start();
      },
      onCleanUp: (step) => cleanups.push(step),
    };
    cleanups.push(() => harness.server.stop());
    return await work(harness);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
  }
}

/** The 1-, 5- and 15-minute load averages, as /proc/loadavg shows them. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
