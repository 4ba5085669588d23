import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { constants, copyFile, mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPGliteDataDir } from './create-pglite-data-dir';

/**
 * A new embedded database copied from a template instead of made by initdb. PGlite's initdb costs about 5.8 s of
 * CPU (most of a first start); copying the 39 MB it writes costs a small fraction of that. The template is what
 * initdb wrote, closed cleanly (create-pglite-data-dir.ts makes it exactly as it makes a data directory), so a
 * copy is byte for byte the directory initdb would have made, only with the same system identifier as every other
 * copy (which only replication looks at; PGlite has none). Migrations then run on it as on any new database.
 *
 * One template per PGlite version, kept in `folder` (the server keeps it under dist/, beside its build, never
 * committed): a PGlite that writes another on-disk format gets a template of its own.
 */
export function pgliteTemplatePath(folder: string): string {
  return path.join(folder, `pglite-${pgliteVersion()}`);
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The package's entry point is dist/index.*: its package.json is one folder up (its exports do not list it).
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Fills the empty directory `dataDir` with a copy of the template in `folder`, making the template first when
 * there is none (initdb in a child process, as a data directory is made without a template: no slower than
 * that). False when the template could not be used, or `dataDir` holds anything: the caller then makes the
 * database as it did before templates. Nothing already in `dataDir` is ever overwritten: the copy is made beside
 * it and renamed into its place only while it is still empty.
 */
export async function copyPGliteTemplate(dataDir: string, folder: string): Promise<boolean> {
  if ((await readdir(dataDir)).length > 0) return false;
  const template = await ensureTemplate(folder);
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

/** The template's path, made first when missing. Throws when it cannot be made (a read-only folder, say). */
async function ensureTemplate(folder: string): Promise<string> {
  const template = pgliteTemplatePath(folder);
  // PG_VERSION is among initdb's first files, but the template only ever appears whole: it is renamed into place.
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  await mkdir(folder, { recursive: true });
  const making = await mkdtemp(`${template}.tmp-`);
  try {
    const data = path.join(making, 'data');
    await createPGliteDataDir(data);
    try {
      await rename(data, template);
    } catch (error) {
      // Another process made it meanwhile: theirs is as good.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    await rm(making, { recursive: true, force: true });
  }
  await removeOtherVersions(folder, path.basename(template));
  return template;
}

/** Templates of PGlite versions no longer installed are 39 MB each of nothing. */
async function removeOtherVersions(folder: string, current: string): Promise<void> {
  for (const entry of await readdir(folder)) {
    if (entry.startsWith('pglite-') && entry !== current && !entry.includes('.tmp-')) {
      await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  }
}

/** A template that a copy of would not open: removed, so the next new database makes a good one. */
export async function discardPGliteTemplate(folder: string): Promise<void> {
  const template = pgliteTemplatePath(folder);
  const away = `${template}.tmp-discarded-${randomUUID()}`;
  await rename(template, away).catch(() => undefined);
  await rm(away, { recursive: true, force: true });
}
