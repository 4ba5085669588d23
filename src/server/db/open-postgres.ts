import pg from 'pg';
import type { Database, Lane, Queryable, QueryResult, Row } from './database';

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

export type PostgresPoolSizes = {
  /** Connections for everything. */
  max: number;
  /** Connections reserved for the SOS path (db.urgent), on top of `max`. */
  urgent: number;
};

export function openPostgres(
  connectionString: string,
  sizes: PostgresPoolSizes = { max: 10, urgent: 4 },
): Database {
  const main = createPool(connectionString, sizes.max);
  const urgent = createPool(connectionString, sizes.urgent);
  return {
    kind: 'postgres',
    ...lane(main),
    urgent: lane(urgent),
    async close() {
      await Promise.all([main.end(), urgent.end()]);
    },
  };
}

function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

function lane(pool: pg.Pool): Lane {
  return {
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
