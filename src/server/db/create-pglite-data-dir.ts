import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { MigrationStep } from './migrate';

const execFileAsync = promisify(execFile);

/**
 * Creates a new embedded database in `dataDir` in a child Node process, which exits when done. PGlite creates one
 * by running initdb in a second WebAssembly instance and loading its result: measured, the process that does it
 * is left holding about 500 MiB more than one that opens the same directory afterwards (WebAssembly memory and
 * buffers that are freed late or never given back to the system). Done in a child, the server opens a data
 * directory that already exists, as on every later start, and holds what it would then.
 *
 * `steps` (migrate.ts's `newDatabaseMigrationSteps`) are then run on it in the child, in one transaction: the
 * template of new databases (pglite-template.ts) is made migrated this way, with nothing of PGlite left in the
 * server's process. They reach the child on its standard input (a long argument would hit the system's limit).
 */
export async function createPGliteDataDir(
  dataDir: string,
  steps: readonly MigrationStep[] = [],
): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `(async () => {
    const { PGlite } = require(${JSON.stringify(pglite)});
    let input = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) input += chunk;
    const steps = JSON.parse(input);
    const pg = await PGlite.create({ dataDir: process.argv[1] });
    if (steps.length > 0) {
      await pg.transaction(async (tx) => {
        for (const step of steps) await tx.query(step.sql, step.params ?? []);
      });
    }
    await pg.close();
  })().catch((error) => { console.error(error); process.exit(1); });`;
  try {
    const running = execFileAsync(process.execPath, ['-e', script, dataDir]);
    running.child.stdin?.end(JSON.stringify(steps));
    await running;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dataDir}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}
