import { createRequire } from 'node:module';
import type pg from 'pg';
import { INT8_TYPE_ID, parseInt8 } from './int8';
import type { Database, Lane, Queryable, QueryResult, Row } from './database';
import { isDatabaseUnavailable } from './database-unavailable';
import { createStatementNames, isStalePreparedStatement, type StatementNames } from './statement-names';

/**
 * The driver, loaded when a PostgreSQL database is first opened rather than by a static import: a server on the
 * embedded database never uses it, and loading it cost every start about 0.1 s of CPU and 14 MiB. Required
 * (it is CommonJS) so that opening stays synchronous.
 */
let loaded: typeof pg | undefined;
const driver = (): typeof pg => (loaded ??= createRequire(import.meta.url)('pg') as typeof pg);

/**
 * Runs each statement as a prepared one (statement-names.ts). One that the server refuses because its table
 * changed shape runs again unnamed, outside a transaction; inside one, the error aborted it, so it fails as any
 * error would and the statement runs unnamed from the next time.
 */
function wrap(target: pg.Pool | pg.PoolClient, names: StatementNames, inTransaction: boolean): Queryable {
  const run = async <R extends Row>(sql: string, values: unknown[], name: string | undefined) => {
    const result = await target.query<R>({ text: sql, values, ...(name ? { name } : {}) });
    return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
  };
  return {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const name = names.nameOf(sql);
      try {
        return await run<R>(sql, params as unknown[], name);
      } catch (error) {
        if (name === undefined || !isStalePreparedStatement(error)) throw error;
        names.forget(sql);
        if (inTransaction) throw error;
        return run<R>(sql, params as unknown[], undefined);
      }
    },
  };
}

export type PostgresPoolSizes = {
  /** Connections for everything. */
  max: number;
  /** Connections reserved for the SOS path (db.urgent), on top of `max`. */
  urgent: number;
};

/**
 * How long Beacon waits for the database before it gives up and answers 503 (docs/decisions/016). 0 = no limit.
 * A dead or stalled database must turn into a clear "try again" within seconds, never into a request that hangs.
 */
export type PostgresTimeouts = {
  /** Opening a connection, and waiting for a free one when the pool is full (pg-pool's connectionTimeoutMillis). */
  connectMs: number;
  /** The server cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** The client stops waiting for an answer (query_timeout): the only limit when the network itself stalls. */
  queryMs: number;
  /** The server ends a session left idle inside a transaction, releasing its locks. */
  idleInTransactionMs: number;
  /** An idle pooled connection is closed after this, so connections broken while idle do not pile up. */
  idleMs: number;
  /** TCP keep-alive probes start after this much silence, so a dead peer is noticed on idle connections. */
  keepAliveDelayMs: number;
};

/**
 * The defaults. Beacon's statements are small (one person's rows; the largest are the retention deletes), so a
 * healthy database answers in milliseconds and seconds of silence mean it is in trouble. An SOS that meets a
 * sick database answers 503 within about `connectMs` (refused or unreachable) or `queryMs` (stalled), and the
 * phone falls back to the messaging app (docs/PRODUCT.md#offline-sos). The statement limit is under the query
 * limit so that a slow statement is cancelled by the server (which frees its locks) before the client gives up.
 */
export const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 3000,
  statementMs: 5000,
  queryMs: 6000,
  idleInTransactionMs: 10_000,
  idleMs: 30_000,
  keepAliveDelayMs: 10_000,
};

/** Migrations may run long (a big table, waiting for another instance's migration lock): no statement limit. */
export const MIGRATION_TIMEOUTS: PostgresTimeouts = { ...POSTGRES_TIMEOUTS, statementMs: 0, queryMs: 0 };

export function openPostgres(
  connectionString: string,
  sizes: PostgresPoolSizes = { max: 10, urgent: 4 },
  timeouts: PostgresTimeouts = POSTGRES_TIMEOUTS,
): Database {
  const main = createPool(connectionString, sizes.max, timeouts);
  const urgent = createPool(connectionString, sizes.urgent, timeouts);
  const names = createStatementNames();
  return {
    kind: 'postgres',
    ...lane(main, names),
    urgent: lane(urgent, names),
    async close() {
      await Promise.all([main.end(), urgent.end()]);
    },
  };
}

/**
 * The driver's own parsers, but int8 as PGlite reads it too (int8.ts). Called for every column of every answer,
 * so the driver is looked up once (`driver()` keeps it), not resolved again each time.
 */
const typeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_TYPE_ID
    ? parseInt8
    : driver().types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser;

function createPool(connectionString: string, max: number, timeouts: PostgresTimeouts): pg.Pool {
  const pool = new (driver().Pool)({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
    // pg sends these as session settings when it connects; 0 (no limit) is left to the server's default.
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.queryMs > 0 ? { query_timeout: timeouts.queryMs } : {}),
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    types: { getTypeParser: typeParser },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

function lane(pool: pg.Pool, names: StatementNames): Lane {
  return {
    ...wrap(pool, names, false),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, names, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that timed out or broke may still have a statement in flight: never reuse it.
        if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
        else await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
