import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { constants, copyFile, mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPGliteDataDir } from './create-pglite-data-dir';
import { MIGRATIONS_DIR, newDatabaseMigrationSteps, type MigrationStep } from './migrate';

/**
 * A new embedded database copied from a template instead of made by initdb and migrated. PGlite's initdb costs
 * about 5.8 s of CPU and running every migration on the result about 3.9 s more; copying the directory they leave
 * costs a small fraction of that. The template is what initdb wrote, with every migration of this build then
 * applied by the same statements `migrate` runs, in one transaction, closed cleanly (create-pglite-data-dir.ts
 * makes it exactly as it makes a data directory). A copy is byte for byte that database, only with the same system
 * identifier as every other copy (which only replication looks at; PGlite has none) and the time the template was
 * made as each migration's `applied_at`. The migration check on opening then finds nothing to do; a database made
 * before a migration was added still gets it there, as always.
 *
 * The migrations write no rows of their own (only schema_migrations'): a migration that wrote a secret or a random
 * value would give every new database the same one. The server makes its secrets on its first start.
 *
 * One template per PGlite version and migration set, kept in `folder` (the server keeps it under dist/, beside its
 * build, never committed): a PGlite that writes another on-disk format, or an added or changed migration, gets a
 * template of its own, and the old one is removed when the new one is made.
 */
export async function pgliteTemplatePath(folder: string, migrations = MIGRATIONS_DIR): Promise<string> {
  return templatePath(folder, await newDatabaseMigrationSteps(migrations));
}

/**
 * Named after a hash of the statements the migrations run (each file's statements and name, in order, as
 * `migrate` runs them): what makes the template's schema. A comment changed in a migration changes none of them.
 */
function templatePath(folder: string, steps: readonly MigrationStep[]): string {
  const migrations = createHash('sha256').update(JSON.stringify(steps)).digest('hex').slice(0, 16);
  return path.join(folder, `pglite-${pgliteVersion()}-${migrations}`);
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The package's entry point is dist/index.*: its package.json is one folder up (its exports do not list it).
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Fills the empty directory `dataDir` with a copy of the template in `folder` for the migrations in `migrations`,
 * making the template first when there is none (initdb and the migrations in a child process, as a data directory
 * is made without a template: no slower than making one and migrating it). False when the template could not be
 * used, or `dataDir` holds anything: the caller then makes the database as it did before templates. Nothing already in `dataDir` is ever overwritten: the copy is made beside
 * it and renamed into its place only while it is still empty.
 */
export async function copyPGliteTemplate(
  dataDir: string,
  folder: string,
  migrations = MIGRATIONS_DIR,
): Promise<boolean> {
  if ((await readdir(dataDir)).length > 0) return false;
  const template = await ensureTemplate(folder, migrations);
  const staging = `${dataDir}.from-template-${randomUUID()}`;
  try {
    await copyTree(template, staging);
    // rmdir refuses a directory that is no longer empty; rename then replaces only an empty one.
    await rmdir(dataDir);
    await rename(staging, dataDir);
    return true;
  } catch {
    return false;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Copies a folder of folders and files, all at once: measured, about 40 % less CPU than `fs.cp` on PGlite's 971
 * files. Nothing is overwritten (a fresh target; each file copied only where none is).
 */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  await Promise.all(
    (await readdir(from, { withFileTypes: true })).map((entry) => {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) return copyTree(source, target);
      if (entry.isFile()) return copyFile(source, target, constants.COPYFILE_EXCL);
      throw new Error(`Not a file nor a folder in the database template: ${source}`);
    }),
  );
}

/**
 * The template's path, made first when missing. Throws when it cannot be made (a read-only folder, say, or a
 * migration that fails: the database made without the template then fails the same way).
 */
async function ensureTemplate(folder: string, migrations: string): Promise<string> {
  const steps = await newDatabaseMigrationSteps(migrations);
  const template = templatePath(folder, steps);
  // PG_VERSION is among initdb's first files, but the template only ever appears whole: it is renamed into place.
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  await mkdir(folder, { recursive: true });
  const making = await mkdtemp(`${template}.tmp-`);
  try {
    const data = path.join(making, 'data');
    await createPGliteDataDir(data, steps);
    try {
      await rename(data, template);
    } catch (error) {
      // Another process made it meanwhile: theirs is as good.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    await rm(making, { recursive: true, force: true });
  }
  await removeOthers(folder, path.basename(template));
  return template;
}

/** Templates of PGlite versions no longer installed, or of other migrations, are 40 MB each of nothing. */
async function removeOthers(folder: string, current: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    if (entry.startsWith('pglite-') && entry !== current && !entry.includes('.tmp-')) {
      await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  }
}

/** A template that a copy of would not open: removed, so the next new database makes a good one. */
export async function discardPGliteTemplate(folder: string, migrations = MIGRATIONS_DIR): Promise<void> {
  const template = await pgliteTemplatePath(folder, migrations);
  const away = `${template}.tmp-discarded-${randomUUID()}`;
  await rename(template, away).catch(() => undefined);
  await rm(away, { recursive: true, force: true });
}
