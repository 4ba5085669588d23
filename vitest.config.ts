import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects. Without DATABASE_URL the API suite runs on PGlite. With it, on PostgreSQL, and its
 * database-level files on PGlite too (see ON_BOTH_DATABASES). In CI (CI=true) the PostgreSQL run is mandatory: a
 * missing DATABASE_URL fails instead of skipping.
 */
const withPostgres = Boolean(process.env.DATABASE_URL);
if (process.env.CI === 'true' && !withPostgres) {
  throw new Error('CI=true requires DATABASE_URL so the PostgreSQL suite runs');
}

/**
 * The API suite on two databases, without running every file twice. The files listed here test what the database
 * and its driver do, where PGlite and PostgreSQL can differ: migrations, the types each driver hands back, row
 * locks, transactions, job leases between instances, a database that stops or stalls, counters under concurrency.
 * They run on both. Every other API file tests HTTP behaviour above the repositories, which is the same SQL on the
 * same PostgreSQL engine either way (PGlite is PostgreSQL compiled to WebAssembly), so it runs once: on PostgreSQL
 * when DATABASE_URL is set (as in CI, where it is mandatory: the native server does the same work for about half
 * the CPU), else on PGlite. A file named `*.postgres.api.test.ts` or `*.pglite.api.test.ts` tests what only that
 * database can do and runs only there.
 */
const ON_BOTH_DATABASES = [
  'src/server/db/**/*.api.test.ts',
  'src/server/scheduler/**/*.api.test.ts',
  'src/server/modules/**/repository.api.test.ts',
  'src/server/modules/alerts/crash-safety.api.test.ts',
  'src/server/modules/alerts/independent-deliveries.api.test.ts',
  'src/server/modules/alerts/repeated-sos.api.test.ts',
  'src/server/modules/alerts/escalation-instances.api.test.ts',
  'src/server/modules/journeys/deadline-instances.api.test.ts',
  'src/server/modules/auth/account-email.api.test.ts',
  'src/server/modules/auth/refresh-reuse.api.test.ts',
  'src/server/modules/recordings/recordings.api.test.ts',
  'src/server/http/rate-limiter.api.test.ts',
];
const ALL_API_FILES = ['src/server/**/*.api.test.ts'];

/** The API files a database runs: all of them on the one that runs the HTTP-level files, else ON_BOTH_DATABASES. */
function apiFilesOn(name: 'pglite' | 'postgres'): string[] {
  const runsHttpLevel = name === 'postgres' || !withPostgres;
  const own = `src/server/**/*.${name}.api.test.ts`;
  return runsHttpLevel ? ALL_API_FILES : [...ON_BOTH_DATABASES, own];
}

const apiProject = (name: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${name}`,
    include: apiFilesOn(name),
    exclude: [`src/server/**/*.${name === 'pglite' ? 'postgres' : 'pglite'}.api.test.ts`],
    environment: 'node',
    globalSetup: ['src/server/testing/global-setup.ts'],
    env: { BEACON_TEST_DB: name },
    // Each file builds its own app on its own database, and server code keeps no state in its modules, so the
    // files of a worker can share one module cache: the server, PGlite and their dependencies load once per
    // worker instead of once per file (api-pglite: 221 → 125 s on this machine). A test that mocks a module
    // (`vi.mock`) or leaves module state behind would leak into the next file: keep those in the unit project.
    isolate: false,
    // Bounds for a test or set-up that hangs, not for how fast they are: on a slow or busy machine (the browser
    // suite, type checks and lint run beside this one) opening a database for a file took over 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, which then sits
    // idle whenever a test waits (on the database, a timer, a child process). One per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/testing/setup.ts'],
          // The files of a worker share one module cache and one jsdom instead of loading React, the app and a new
          // jsdom for each of 72 files (client: 135 → 35 CPU-seconds). What a module keeps between calls is put
          // back after every test (testing/setup.ts), and modules are replaced with spies, never `vi.mock`,
          // which cannot replace a module another file already loaded.
          isolate: false,
          // Rendering the whole app on a machine busy with the other suites can take seconds.
          testTimeout: 20_000,
        },
      },
      apiProject('pglite'),
      ...(withPostgres ? [apiProject('postgres')] : []),
    ],
  },
});
