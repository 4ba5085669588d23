import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPGlite, fromPGlite } from '../db/open-pglite';
import { MIGRATION_TIMEOUTS, openPostgres } from '../db/open-postgres';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated template database per run. PGlite: a data-dir dump each test file loads in memory
 * (~1 s instead of a 3-4 s initdb). PostgreSQL: a template database each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Global setup runs in the main process, where the project's `env` is not applied: tell them apart by name.
  if (project.name === 'api-postgres') return setupPostgres(project);
  return setupPGlite(project);
}

async function setupPGlite(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'beacon-template-'));
  const pglite = await createPGlite();
  await migrate(fromPGlite(pglite));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required for the PostgreSQL test suite');
  const template = `beacon_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = openPostgres(withDatabase(url, template), { max: 2, urgent: 1 }, MIGRATION_TIMEOUTS);
  await migrate(db);
  await db.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
