import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPGlite } from './open-pglite';
import { openPostgres } from './open-postgres';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await openPGlite(path.join(config.dataDir, 'pglite'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
