/**
 * The one database interface every repository uses. Two implementations: embedded PGlite (default) and a
 * PostgreSQL server (`DATABASE_URL`). SQL is plain PostgreSQL and identical on both.
 *
 * Two lanes: `db` itself for everything, and `db.urgent`, capacity reserved for the SOS path (raising an alert,
 * sending its texts, the sign-in check of that request). On PostgreSQL the urgent lane is its own small pool, so
 * no amount of other traffic (location uploads, say) can hold the connections an SOS needs; on PGlite, which runs
 * one statement at a time, urgent work goes to the front of the queue. See
 * docs/decisions/006-urgent-db-lane.md.
 */
export type Row = Record<string, unknown>;

export type QueryResult<R extends Row> = { rows: R[]; rowCount: number };

export type Queryable = {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
};

/** A way into the database: single statements, or a transaction. */
export type Lane = Queryable & {
  /** Runs `work` in one transaction: everything it wrote is committed together or not at all. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
};

export type Database = Lane & {
  readonly kind: 'pglite' | 'postgres';
  /** Reserved capacity for the SOS path: never waits behind other traffic. */
  readonly urgent: Lane;
  close(): Promise<void>;
};

/** Returns the single row of a result, or undefined. */
export async function one<R extends Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<R | undefined> {
  const { rows } = await db.query<R>(sql, params);
  return rows[0];
}
