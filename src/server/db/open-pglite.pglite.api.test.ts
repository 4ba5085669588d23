import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';
import { PGLITE_SHARED_BUFFERS } from './open-pglite';
import { copyPGliteTemplate, pgliteTemplatePath } from './pglite-template';

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

describe('a new embedded database copied from a template', () => {
  let dir: string;
  let templates: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'beacon-pglite-template-'));
    templates = path.join(dir, 'templates');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const open = (name: string, warn: (message: string) => void = () => undefined) =>
    openDatabase({ dataDir: path.join(dir, name), databaseUrl: undefined }, { templates, warn });

  const storesAndKeeps = async (name: string): Promise<void> => {
    const first = await open(name);
    try {
      const { rows } = await first.query<{ count: string }>(
        'SELECT count(*)::text AS count FROM schema_migrations',
      );
      expect(Number(rows[0]?.count)).toBeGreaterThan(0);
      await first.query(
        `INSERT INTO users (id, email, password_hash) VALUES (gen_random_uuid(), '${name}@example.test', 'x')`,
      );
    } finally {
      await first.close();
    }
    const second = await open(name);
    try {
      const { rows } = await second.query<{ email: string }>('SELECT email FROM users');
      expect(rows).toEqual([{ email: `${name}@example.test` }]);
    } finally {
      await second.close();
    }
  };

  it(
    'makes the template the first time, then copies it: each copy opens, migrates and keeps its own data',
    async () => {
      await storesAndKeeps('first');
      const template = pgliteTemplatePath(templates);
      expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
      // Only the template itself is left in its folder: no half-made one, no migrated data.
      expect(await readdir(templates)).toEqual([path.basename(template)]);

      // A file only the template has shows the next database is its copy, not initdb's work.
      await writeFile(path.join(template, 'made-from-template'), '');
      await storesAndKeeps('second');
      expect(existsSync(path.join(dir, 'second', 'pglite', 'made-from-template'))).toBe(true);
      expect(existsSync(path.join(dir, 'first', 'pglite', 'made-from-template'))).toBe(false);
    },
    CREATE_TIMEOUT_MS,
  );

  it(
    'makes the database without the template when a copy of it does not open, and discards that template',
    async () => {
      const template = pgliteTemplatePath(templates);
      await rm(template, { recursive: true, force: true });
      await mkdir(template, { recursive: true });
      await writeFile(path.join(template, 'PG_VERSION'), '17\n');
      const warnings: string[] = [];
      const db = await open('fallback', (message) => warnings.push(message));
      try {
        const { rows } = await db.query<{ version: string }>(
          "SELECT current_setting('server_version_num') AS version",
        );
        expect(Number(rows[0]?.version)).toBeGreaterThan(0);
      } finally {
        await db.close();
      }
      expect(warnings).toEqual([expect.stringContaining('did not open')]);
      expect(existsSync(template)).toBe(false);
      await storesAndKeeps('fallback');
    },
    CREATE_TIMEOUT_MS,
  );

  it('never copies over a data directory that holds anything', async () => {
    const dataDir = path.join(dir, 'kept', 'pglite');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'somebody-elses'), 'kept');
    const template = pgliteTemplatePath(templates);
    await mkdir(template, { recursive: true });
    await writeFile(path.join(template, 'PG_VERSION'), '17\n');
    expect(await copyPGliteTemplate(dataDir, templates)).toBe(false);
    expect(await readdir(dataDir)).toEqual(['somebody-elses']);
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });
});
