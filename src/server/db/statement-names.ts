/**
 * Names for PostgreSQL's prepared statements, so the server parses and plans each of Beacon's statements once per
 * connection instead of at every use. Profiled during location uploads, parsing and planning were two thirds of
 * the database's time per upload (its insert is one large statement); a named statement skips both from its
 * second use on that connection. Decision: docs/decisions/051-prepared-statements.md.
 *
 * The same text always gets the same name in this process (connections of both pools share the names), so the
 * driver never meets one name for two texts. The number of names is bounded: a few statements are built from
 * their input (which profile columns an update sets), and each named one stays in the memory of every connection
 * that used it; past `limit` texts, further new ones run unnamed, as before. A text the server refused to reuse
 * (`forget`: its table changed under it) runs unnamed from then on.
 */
export type StatementNames = {
  /** The name to run `sql` under, or undefined to run it unnamed. */
  nameOf(sql: string): string | undefined;
  /** From now on, run `sql` unnamed. */
  forget(sql: string): void;
};

/** Distinct statement texts named at most: Beacon's code runs about 230 statements. */
export const NAMED_STATEMENTS_LIMIT = 500;

export function createStatementNames(limit: number = NAMED_STATEMENTS_LIMIT): StatementNames {
  const names = new Map<string, string | undefined>();
  let next = 0;
  return {
    nameOf(sql) {
      if (names.has(sql)) return names.get(sql);
      const name = next < limit ? `beacon_${(next += 1)}` : undefined;
      if (name !== undefined) names.set(sql, name);
      return name;
    },
    forget(sql) {
      names.set(sql, undefined);
    },
  };
}

/**
 * Whether PostgreSQL refused a prepared statement because a table it reads changed shape since it was prepared
 * (a migration by a newer instance during a rolling upgrade). Nothing ran; the statement unnamed would.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    String((error as { message?: unknown }).message).includes('cached plan must not change result type')
  );
}
