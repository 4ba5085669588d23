import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate';
import { openDatabase } from './open-database';
import { createPGlite, fromPGlite, PGLITE_SHARED_BUFFERS } from './open-pglite';
import { copyPGliteTemplate, pgliteTemplatePath } from './pglite-template';

/** Every migration of this build, as the runner finds them: the .sql files of its folder. */
async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

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
      const { rows } = await first.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(rows.map((row) => row.name)).toEqual(await migrationFiles());
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
      const template = await pgliteTemplatePath(templates);
      // Templates of other migrations (and from before templates were migrated, named after PGlite alone).
      const stale = [
        template.replace(/[0-9a-f]{16}$/, '0'.repeat(16)),
        template.replace(/-[0-9a-f]{16}$/, ''),
      ];
      for (const other of stale) {
        await mkdir(other, { recursive: true });
        await writeFile(path.join(other, 'PG_VERSION'), '17\n');
      }
      await storesAndKeeps('first');
      expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
      // Only the template itself is left in its folder: no half-made one, no migrated data, no stale one.
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
    'is migrated already: a copy lists every migration before the migration runner has run on it',
    async () => {
      const dataDir = path.join(dir, 'copied', 'pglite');
      await mkdir(dataDir, { recursive: true });
      expect(await copyPGliteTemplate(dataDir, templates)).toBe(true);
      const pg = await createPGlite({ dataDir });
      try {
        const { rows } = await pg.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        expect(rows.map((row) => row.name)).toEqual(await migrationFiles());
        // And nothing else: a row a migration wrote (a secret, say) would be the same in every new database.
        const tables = await pg.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'",
        );
        expect(tables.rows.length).toBeGreaterThan(0);
        for (const { name } of tables.rows) {
          const count = await pg.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM "${name}"`);
          expect({ name, rows: count.rows[0]?.rows }).toEqual({ name, rows: 0 });
        }
      } finally {
        await pg.close();
      }
    },
    CREATE_TIMEOUT_MS,
  );

  it(
    'makes the database without the template when a copy of it does not open, and discards that template',
    async () => {
      const template = await pgliteTemplatePath(templates);
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
    const template = await pgliteTemplatePath(templates);
    await mkdir(template, { recursive: true });
    await writeFile(path.join(template, 'PG_VERSION'), '17\n');
    expect(await copyPGliteTemplate(dataDir, templates)).toBe(false);
    expect(await readdir(dataDir)).toEqual(['somebody-elses']);
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('has a template of its own for each set of migrations: another is made when one is added or changed', async () => {
    const copyOfMigrations = async (name: string): Promise<string> => {
      const copy = path.join(dir, 'migration-sets', name);
      await cp(MIGRATIONS_DIR, copy, { recursive: true });
      return copy;
    };
    const [last] = (await migrationFiles()).slice(-1);
    const same = await copyOfMigrations('same');
    const added = await copyOfMigrations('added');
    await writeFile(path.join(added, '999_added.sql'), 'CREATE TABLE added (id int);\n');
    const changed = await copyOfMigrations('changed');
    await appendFile(path.join(changed, last as string), '\nCREATE TABLE changed (id int);\n');
    const commented = await copyOfMigrations('commented');
    await appendFile(path.join(commented, last as string), '\n-- Only a comment: the schema is the same.\n');

    const key = (migrations: string) => pgliteTemplatePath(templates, migrations);
    const current = await key(MIGRATIONS_DIR);
    expect(path.dirname(current)).toBe(templates);
    expect(await key(same)).toBe(current);
    expect(await key(commented)).toBe(current);
    expect(new Set([current, await key(added), await key(changed)]).size).toBe(3);
  });
});

describe('statements queued on the embedded database', () => {
  it(
    'leave the event loop turns, so an SOS read off its socket meanwhile goes ahead of the queue',
    async () => {
      // The run's migrated template, loaded in memory (initdb would take seconds, far more on a busy machine).
      const template = new Blob([await readFile(inject('pgliteTemplate'))]);
      // A budget of 0: a turn after every statement (the server's budget is a few milliseconds of statements).
      const db = fromPGlite(await createPGlite({ loadDataDir: template }), { statementRunBudgetMs: 0 });
      try {
        const order: string[] = [];
        const uploads = Array.from({ length: 20 }, (_, i) =>
          db.query('SELECT 1').then(() => order.push(`upload ${i}`)),
        );
        // What an arriving request looks like to the loop: a callback on a later turn, not a promise callback.
        const sos = new Promise<void>((resolve) =>
          setImmediate(() => void db.urgent.query('SELECT 1').then(() => (order.push('sos'), resolve()))),
        );
        await Promise.all([...uploads, sos]);
        expect(order.indexOf('sos')).toBeLessThanOrEqual(2);
      } finally {
        await db.close();
      }
    },
    CREATE_TIMEOUT_MS,
  );
});
