import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './database';

/**
 * The HTTP-level API tests run on PGlite only (vitest.config.ts), so the values each driver hands back for the
 * column types Beacon stores must be the same on both: a repository that reads a count, a timestamp or a JSON
 * column gets the same JavaScript value from PGlite and from a PostgreSQL server. This file runs on both.
 */
const VALUES_SQL = `
  SELECT
    42::integer AS integer_value,
    7::smallint AS smallint_value,
    1.25::double precision AS double_value,
    0.5::real AS real_value,
    true AS boolean_value,
    'beacon'::text AS text_value,
    'a1b2c3d4-0000-4000-8000-000000000001'::uuid AS uuid_value,
    '2026-01-02T03:04:05.678Z'::timestamptz AS timestamptz_value,
    '{"a":[1,"x",null],"b":{"c":true}}'::jsonb AS jsonb_value,
    ARRAY['a1b2c3d4-0000-4000-8000-000000000001']::uuid[] AS uuid_array_value,
    NULL::timestamptz AS null_value`;

describe('values from the database driver', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });

  afterAll(async () => {
    await db?.close();
  });

  it('are the same JavaScript values on PGlite and on a PostgreSQL server', async () => {
    const { rows } = await db.query(VALUES_SQL);
    expect(rows[0]).toStrictEqual({
      integer_value: 42,
      smallint_value: 7,
      double_value: 1.25,
      real_value: 0.5,
      boolean_value: true,
      text_value: 'beacon',
      uuid_value: 'a1b2c3d4-0000-4000-8000-000000000001',
      timestamptz_value: new Date('2026-01-02T03:04:05.678Z'),
      jsonb_value: { a: [1, 'x', null], b: { c: true } },
      uuid_array_value: ['a1b2c3d4-0000-4000-8000-000000000001'],
      null_value: null,
    });
  });

  it('hand back a bigint (count(*), a bigint column) as a number on both, and refuse one past 2^53', async () => {
    const { rows } = await db.query('SELECT count(*) AS total, 9007199254740991::bigint AS largest');
    expect(rows[0]).toStrictEqual({ total: 1, largest: Number.MAX_SAFE_INTEGER });
    await expect(db.query('SELECT 9007199254740993::bigint AS too_large')).rejects.toThrow(RangeError);
    // The refusal is the query's, not the connection's: the next statements still run.
    for (let i = 0; i < 6; i++) expect((await db.query('SELECT 1 AS ok')).rows).toStrictEqual([{ ok: 1 }]);
  });

  it('round-trip parameters of each type unchanged', async () => {
    const when = new Date('2026-05-06T07:08:09.123Z');
    const { rows } = await db.query(
      'SELECT $1::timestamptz AS at, $2::jsonb AS doc, $3::uuid[] AS ids, $4::double precision AS x',
      [when, JSON.stringify({ k: 'v' }), ['a1b2c3d4-0000-4000-8000-000000000002'], 1.5],
    );
    expect(rows[0]).toStrictEqual({
      at: when,
      doc: { k: 'v' },
      ids: ['a1b2c3d4-0000-4000-8000-000000000002'],
      x: 1.5,
    });
  });
});
