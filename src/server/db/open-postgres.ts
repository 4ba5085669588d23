import pg from 'pg';
import type { Database, Queryable, QueryResult, Row } from './database';

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}
