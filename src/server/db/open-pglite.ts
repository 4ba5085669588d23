import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, Row } from './database';

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
  const pg = await PGlite.create({ dataDir });
  return fromPGlite(pg);
}

export function fromPGlite(pg: PGlite): Database {
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}
