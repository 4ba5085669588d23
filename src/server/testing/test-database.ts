import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { createPGlite, fromPGlite } from '../db/open-pglite';
import { openPostgres } from '../db/open-postgres';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file, cloned from the run's template. Close it in afterAll. */
export async function openTestDatabase(): Promise<Database> {
  return process.env.BEACON_TEST_DB === 'postgres' ? openPostgresClone() : openPGliteClone();
}

async function openPGliteClone(): Promise<Database> {
  const tarball = await readFile(inject('pgliteTemplate'));
  const pglite = await createPGlite({ loadDataDir: new Blob([tarball]) });
  return fromPGlite(pglite);
}

async function openPostgresClone(): Promise<Database> {
  const clone = await createPostgresClone();
  const db = openPostgres(clone.url, { max: 5, urgent: 2 });
  return {
    ...db,
    async close() {
      await db.close();
      await clone.drop();
    },
  };
}

/**
 * A fresh, migrated PostgreSQL database cloned from the run's template, by URL, for a test that opens it its own
 * way (through a proxy, say). Drop it in afterAll.
 */
export async function createPostgresClone(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL as string;
  const name = `beacon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two files cloning the template at the same instant can collide ("being accessed by other users"): retry
    // after a growing pause. The pause is a backoff, not a wait for a result: nothing says when the other clone is
    // done, and the next attempt itself checks.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
        // A commit need not wait for its WAL to reach the disk: what a test checks is what other connections and
        // processes see, which is the same either way (only a crash of PostgreSQL itself could lose the last
        // commits). On this machine a flushed commit took 4.4 ms against 0.06 ms (pgbench, one row a commit), and
        // the API files commit thousands of times.
        await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Two handles on one test database, for two server instances: on PostgreSQL separate pools (as two processes
 * would have), on PGlite the one database.
 */
export async function openTwoHandles(): Promise<{
  first: Database;
  second: Database;
  close(): Promise<void>;
}> {
  if (process.env.BEACON_TEST_DB !== 'postgres') {
    const db = await openTestDatabase();
    return { first: db, second: db, close: () => db.close() };
  }
  const clone = await createPostgresClone();
  const first = openPostgres(clone.url, { max: 5, urgent: 2 });
  const second = openPostgres(clone.url, { max: 5, urgent: 2 });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await clone.drop();
    },
  };
}
