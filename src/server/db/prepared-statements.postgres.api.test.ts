import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresClone } from '../testing/test-database';
import type { Database } from './database';
import { openPostgres } from './open-postgres';

/**
 * Statements run prepared on PostgreSQL (statement-names.ts): parsed and planned once per connection. One
 * connection per lane here, so every statement of the test meets the statements prepared before it.
 */
describe('prepared statements on PostgreSQL', () => {
  let clone: Awaited<ReturnType<typeof createPostgresClone>>;
  let db: Database;

  beforeAll(async () => {
    clone = await createPostgresClone();
    db = openPostgres(clone.url, { max: 1, urgent: 1 });
    await db.query('CREATE TABLE probe (id int PRIMARY KEY, value int NOT NULL)');
    await db.query('INSERT INTO probe (id, value) VALUES (1, 10)');
  });

  afterAll(async () => {
    await db?.close();
    await clone?.drop();
  });

  it('prepares each statement once on its connection', async () => {
    const sql = 'SELECT value FROM probe WHERE id = $1';
    expect((await db.query(sql, [1])).rows).toEqual([{ value: 10 }]);
    expect((await db.query(sql, [1])).rows).toEqual([{ value: 10 }]);
    const { rows } = await db.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements WHERE statement = $1',
      [sql],
    );
    expect(rows).toHaveLength(1);
  });

  it('runs a statement again unnamed when its table changed shape since it was prepared (a rolling upgrade)', async () => {
    const sql = 'SELECT value FROM probe WHERE id = $1 /* reshaped */';
    expect((await db.query(sql, [1])).rows).toEqual([{ value: 10 }]);
    // Another instance's migration, on another connection.
    await db.urgent.query('ALTER TABLE probe ALTER COLUMN value TYPE text');
    expect((await db.query(sql, [1])).rows).toEqual([{ value: '10' }]);
    expect((await db.query(sql, [1])).rows).toEqual([{ value: '10' }]);
  });

  it('inside a transaction, such a statement fails that transaction once and works from the next', async () => {
    const sql = 'SELECT value FROM probe WHERE id = $1 /* reshaped in a transaction */';
    await db.transaction((tx) => tx.query(sql, [1]));
    await db.urgent.query('ALTER TABLE probe ALTER COLUMN value TYPE varchar(20)');
    await expect(db.transaction((tx) => tx.query(sql, [1]))).rejects.toThrow(/cached plan/);
    const { rows } = await db.transaction((tx) => tx.query(sql, [1]));
    expect(rows).toEqual([{ value: '10' }]);
  });
});
