import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';
import { PGLITE_SHARED_BUFFERS } from './open-pglite';

/** The embedded database the server opens from its data directory (open-database.ts, open-pglite.ts). */
// Creating a database runs initdb (seconds when quiet, over a minute on a machine busy with other test runs).
const CREATE_TIMEOUT_MS = 240_000;

describe('the embedded database in a data directory', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'beacon-open-pglite-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'is created (in a child process) and migrated on first start, and keeps what was written for the next',
    async () => {
      const first = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        const { rows } = await first.query<{ count: string }>(
          'SELECT count(*)::text AS count FROM schema_migrations',
        );
        expect(Number(rows[0]?.count)).toBeGreaterThan(0);
        await first.query(
          "INSERT INTO users (id, email, password_hash) VALUES (gen_random_uuid(), 'kept@example.test', 'x')",
        );
      } finally {
        await first.close();
      }

      const second = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        const { rows } = await second.query<{ email: string }>(
          "SELECT email FROM users WHERE email = 'kept@example.test'",
        );
        expect(rows).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
    CREATE_TIMEOUT_MS,
  );

  it(
    'keeps a small page cache of its own: what the server holds at rest',
    async () => {
      const db = await openDatabase({ dataDir, databaseUrl: undefined });
      try {
        const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
        expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      } finally {
        await db.close();
      }
    },
    CREATE_TIMEOUT_MS,
  );
});
