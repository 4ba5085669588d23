import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Database, Lane, Queryable, QueryResult, Row } from './database';
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

/** Opens (creating if needed) an embedded PostgreSQL in `dataDir`; no server required. */
export async function openPGlite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const pg = await createPGlite({ dataDir });
  return fromPGlite(pg);
}

/** Every PGlite Beacon opens (tests too): with the value parsers that match the `pg` driver's (int8.ts). */
export function createPGlite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, parsers: { ...options.parsers, [INT8_TYPE_ID]: parseInt8 } });
}

export function fromPGlite(pg: PGlite): Database {
  const gate = createPriorityGate();
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
