import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same for every instance so two never migrate at once. */
const MIGRATION_LOCK_ID = 7_411_901;

/** Applies every migration not yet applied, in file-name order, each in its own transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      const sql = await readFile(path.join(dir, name), 'utf8');
      await execScript(tx, sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    return pending;
  });
}

/** Runs a script one statement at a time: PGlite's parameterised `query` takes a single statement. */
async function execScript(tx: { query: Database['query'] }, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

/** Splits on semicolons at line ends; migrations avoid functions with bodies so this stays simple. */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
