import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same for every instance so two never migrate at once. */
const MIGRATION_LOCK_ID = 7_411_901;
const CREATE_MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** One statement the migrations run. */
export type MigrationStep = { sql: string; params?: unknown[] };

/** Applies every migration not yet applied, in file-name order, all in one transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationNames(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      for (const step of migrationSteps(name, await readFile(path.join(dir, name), 'utf8'))) {
        await tx.query(step.sql, step.params);
      }
    }
    return pending;
  });
}

/**
 * Every statement `migrate` runs on a database that has none of the migrations in `dir`, in order, without the
 * lock (for a database only its maker can reach: the template of new embedded databases, pglite-template.ts).
 * Run in one transaction, they leave that database as `migrate` would have.
 */
export async function newDatabaseMigrationSteps(dir = MIGRATIONS_DIR): Promise<MigrationStep[]> {
  const steps: MigrationStep[] = [{ sql: CREATE_MIGRATIONS_TABLE }];
  for (const name of await migrationNames(dir)) {
    steps.push(...migrationSteps(name, await readFile(path.join(dir, name), 'utf8')));
  }
  return steps;
}

async function migrationNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * A migration's statements one at a time (PGlite's parameterised `query` takes a single statement), then its row
 * in schema_migrations.
 */
function migrationSteps(name: string, sql: string): MigrationStep[] {
  return [
    ...splitStatements(sql).map((statement) => ({ sql: statement })),
    { sql: 'INSERT INTO schema_migrations (name) VALUES ($1)', params: [name] },
  ];
}

/** Splits on semicolons at line ends; migrations avoid functions with bodies so this stays simple. */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
