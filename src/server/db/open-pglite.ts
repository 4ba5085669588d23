import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { createPGliteDataDir } from './create-pglite-data-dir';
import type { Database, Lane, Queryable, QueryResult, Row } from './database';
import { createEventLoopTurns, STATEMENT_RUN_BUDGET_MS } from './event-loop-turns';
import { copyPGliteTemplate, discardPGliteTemplate } from './pglite-template';
import { INT8_TYPE_ID, parseInt8 } from './int8';
import { createPriorityGate, type PriorityGate } from './priority-gate';

function wrap(target: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * PostgreSQL's own page cache, inside PGlite's WebAssembly memory: 16 MB instead of PostgreSQL's 128 MB. PGlite
 * touches all of it as it opens (measured: resident memory grows by the whole setting before the first query),
 * and a WebAssembly memory never shrinks, so the default cost a server at rest 128 MiB; Beacon's embedded database
 * is one person's or one family's, and the operating system caches its files as well. Only a cache: every write
 * still reaches the WAL and the data files exactly as before.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export type OpenPGliteOptions = {
  /**
   * Where the template of a new database is kept (pglite-template.ts): a new data directory is copied from it
   * instead of being made by initdb. Without it, or when the template cannot be made or used, initdb makes it.
   */
  templates?: string;
  /** Told why a template could not be used (the database is then made without it). */
  warn?: (message: string, error: unknown) => void;
};

/**
 * Opens (creating if needed) an embedded PostgreSQL in `dataDir`; no server required. A new one is copied from a
 * template or made in a child process (create-pglite-data-dir.ts), so this process holds only what opening it
 * takes.
 */
export async function openPGlite(dataDir: string, options: OpenPGliteOptions = {}): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const exists = await access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!exists && options.templates) {
    const opened = await openFromTemplate(dataDir, options.templates, options.warn);
    if (opened) return opened;
  }
  if (!exists) await createPGliteDataDir(dataDir);
  return fromPGlite(await createPGlite({ dataDir }));
}

/** Null when the template could not be used; `dataDir` is then as empty as it was. */
async function openFromTemplate(
  dataDir: string,
  templates: string,
  warn: OpenPGliteOptions['warn'] = () => undefined,
): Promise<Database | null> {
  const copied = await copyPGliteTemplate(dataDir, templates).catch((error: unknown) => {
    warn('Could not make the template of a new embedded database; making this one without it', error);
    return false;
  });
  if (!copied) return null;
  try {
    return fromPGlite(await createPGlite({ dataDir }));
  } catch (error) {
    warn('A copy of the embedded database template did not open; making the database without it', error);
    // Nothing but the copy is in it: the directory was empty, and the copy only took its place while it was.
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    await discardPGliteTemplate(templates);
    return null;
  }
}

/** Every PGlite Beacon opens (tests too): with the value parsers that match the `pg` driver's (int8.ts). */
export function createPGlite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({
    ...options,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    parsers: { ...options.parsers, [INT8_TYPE_ID]: parseInt8 },
  });
}

export type FromPGliteOptions = {
  /** Statements run back to back at most this long before the event loop gets a turn (event-loop-turns.ts). */
  statementRunBudgetMs?: number;
};

export function fromPGlite(pg: PGlite, options: FromPGliteOptions = {}): Database {
  // A finished statement's turn passes on through the event-loop turns, so a long queue cannot keep the loop
  // from an SOS's request.
  const turns = createEventLoopTurns(options.statementRunBudgetMs ?? STATEMENT_RUN_BUDGET_MS);
  const gate = createPriorityGate(1, { handOver: turns.handOver });
  return {
    kind: 'pglite',
    ...lane(pg, gate, false),
    urgent: lane(pg, gate, true),
    close: () => pg.close(),
  };
}

/** Statements and transactions pass the gate one at a time; work inside a transaction uses its own handle. */
function lane(pg: PGlite, gate: PriorityGate, urgent: boolean): Lane {
  const direct = wrap(pg);
  return {
    query: (sql, params) => gate.run(urgent, () => direct.query(sql, params)),
    transaction: (work) => gate.run(urgent, () => pg.transaction((tx) => work(wrap(tx)))),
  };
}
