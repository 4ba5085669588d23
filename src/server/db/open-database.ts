import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPGlite, type OpenPGliteOptions } from './open-pglite';
import { MIGRATION_TIMEOUTS, openPostgres } from './open-postgres';

/**
 * Opens the configured database and brings its schema up to date. `pglite`: how a new embedded database is made
 * (from a template, open-pglite.ts); not used with PostgreSQL.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  pglite: OpenPGliteOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    // Migrations run on their own connection without the statement limits requests have (they may run long).
    const migrator = openPostgres(config.databaseUrl, { max: 1, urgent: 1 }, MIGRATION_TIMEOUTS);
    try {
      await migrate(migrator);
    } finally {
      await migrator.close();
    }
    return openPostgres(config.databaseUrl);
  }
  const db = await openPGlite(path.join(config.dataDir, 'pglite'), pglite);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
