import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Creates a new embedded database in `dataDir` in a child Node process, which exits when done. PGlite creates one
 * by running initdb in a second WebAssembly instance and loading its result: measured, the process that does it
 * is left holding about 500 MiB more than one that opens the same directory afterwards (WebAssembly memory and
 * buffers that are freed late or never given back to the system). Done in a child, the server opens a data
 * directory that already exists, as on every later start, and holds what it would then.
 */
export async function createPGliteDataDir(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `(async () => {
    const { PGlite } = require(${JSON.stringify(pglite)});
    const pg = await PGlite.create({ dataDir: process.argv[1] });
    await pg.close();
  })().catch((error) => { console.error(error); process.exit(1); });`;
  try {
    await execFileAsync(process.execPath, ['-e', script, dataDir]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dataDir}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}
