/**
 * The one database interface every repository uses. Two implementations: embedded PGlite (default) and a
 * PostgreSQL server (`DATABASE_URL`). SQL is plain PostgreSQL and identical on both.
 */
export type Row = Record<string, unknown>;

export type QueryResult<R extends Row> = { rows: R[]; rowCount: number };

export type Queryable = {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
};

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: everything it wrote is committed together or not at all. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
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
