/**
 * The generated bad-input suite: for every operation in /api/openapi.json, fast-check sends bad bodies, queries,
 * path ids, tokens and headers (testing/bad-requests.ts) and checks what every route promises:
 *  - never a 5xx;
 *  - every refusal has the one error shape, and a `validation_failed` names its `field` and says it in words a
 *    person understands (none of the validator's jargon: JARGON);
 *  - a bad token on a signed-in route is a 401;
 *  - a refused request changes no row.
 * New routes are covered by being in the document; a route that takes a body must document an example of it.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/schemas/api-error';
import { fieldLabel, namesField } from '#shared/schemas/issue-message';
import { FIELD_ISSUE_TEXTS } from '#shared/texts';
import type { Queryable } from '../db/database';
import { badRequests, type BadRequest, type JsonSchema, type Operation } from '../testing/bad-requests';
import { createTestApp } from '../testing/test-app';
import { createTestUser, type TestUser } from '../testing/test-users';
import { OPENAPI_PATH } from './openapi';

/** Generated requests per operation (raise it locally with BAD_INPUT_RUNS to search harder). */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 60);
/** Fixed, so a run on CI is repeatable; set BAD_INPUT_SEED to explore other cases. */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261124);

/**
 * Words of a validator talking to a programmer ("Invalid input: expected string, received number", "NaN"), never
 * to a person: no 400 may say them.
 */
const JARGON =
  /\b(expected|received|invalid input|regex|nan|undefined|null|object|array|boolean|uuid)\b|[<>=]/i;

/** Tables a refused request may legitimately write: the counters that make it count against a rate limit. */
const WRITTEN_BY_REFUSALS = new Set(['rate_limit_counters']);

type OpenApiOperation = {
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: {
    content?: Record<string, { example?: unknown; schema?: { example?: unknown; examples?: unknown[] } }>;
  };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

// The scheduler is off so nothing but the request under test writes while a fingerprint is taken.
const sut = await createTestApp({
  SCHEDULER_ENABLED: 'false',
  ALERT_FIRST_ATTEMPT_WAIT_MS: '0',
  AUTH_MAX_REQUESTS_PER_ADDRESS: '1000000',
  AUTH_MAX_FAILED_SIGNINS: '1000000',
});
const doc = (await sut.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<OpenApiDocument>();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => toOperation(path, method, operation)),
);
const tables = (
  await sut.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  )
).rows
  .map((row) => row.table_name)
  .filter((table) => !WRITTEN_BY_REFUSALS.has(table))
  .sort();
await countWrites(sut.db);
let cases = 0;
let serverErrors = 0;

afterAll(async () => {
  console.log(
    `bad-input suite: ${cases} generated requests over ${operations.length} operations, ${serverErrors} × 5xx`,
  );
  await sut.close();
});

function toOperation(path: string, method: string, operation: OpenApiOperation): Operation {
  const parameters = operation.parameters ?? [];
  const json = operation.requestBody?.content?.['application/json'];
  return {
    method: method.toUpperCase(),
    path,
    signedIn: (operation.security ?? []).length > 0,
    pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    query: parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
    headers: parameters.filter((p) => p.in === 'header').map((p) => p.name),
    ...(json ? { exampleBody: json.example ?? json.schema?.example ?? json.schema?.examples?.[0] } : {}),
  };
}

/**
 * Counts every row any request inserts, updates or deletes in `tables` (a trigger per table on this test's own
 * database; a rolled-back write rolls its count back too). Reading the count after each request costs one tiny
 * query, where hashing every table takes far longer on a database that grows with the run; only when the count
 * moved does the full fingerprint decide (an update that left a row as it was is no change).
 */
async function countWrites(db: Queryable): Promise<void> {
  await db.query('CREATE TABLE fuzz_writes (n bigint NOT NULL)');
  await db.query('INSERT INTO fuzz_writes VALUES (0)');
  await db.query(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`);
  for (const table of tables) {
    await db.query(`CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE ON "${table}"
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`);
    await db.query(`CREATE TRIGGER fuzz_count_truncate AFTER TRUNCATE ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write()`);
  }
}

async function writesSoFar(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: string }>('SELECT n::text AS n FROM fuzz_writes');
  return rows[0]!.n;
}

/** Every row of every table, in one value: equal fingerprints mean nothing was written. */
async function fingerprint(db: Queryable): Promise<string> {
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS t, count(*)::int AS n, coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM "${table}" x`,
  );
  const { rows } = await db.query<{ t: string; n: number; h: string }>(parts.join(' UNION ALL '));
  return rows.map((row) => `${row.t}:${row.n}:${row.h}`).join('\n');
}

async function send(request: BadRequest): Promise<LightMyRequestResponse> {
  const body = request.body;
  return sut.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      ...request.headers,
      ...(body === undefined
        ? {}
        : { 'content-type': 'raw' in body ? body.contentType : 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: 'raw' in body ? body.raw : JSON.stringify(body.json) }),
  });
}

/** The words a refusal of `field` (`body`, `query`, `location.latitude`, `phoneNumbers.0`…) must contain. */
function labelOf(field: string): string {
  const roots: Record<string, string> = {
    body: FIELD_ISSUE_TEXTS.body,
    query: FIELD_ISSUE_TEXTS.query,
    headers: FIELD_ISSUE_TEXTS.headers,
  };
  if (Object.hasOwn(roots, field)) return roots[field]!;
  return fieldLabel(field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
}

function checkAnswer(op: Operation, request: BadRequest, res: LightMyRequestResponse): void {
  const where = `${op.method} ${op.path} — ${request.label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (request.badToken && op.signedIn) expect(res.statusCode, where).toBe(401);
  if (res.statusCode < 400) return;
  const answer = ApiErrorSchema.safeParse(res.json());
  expect(answer.success, where).toBe(true);
  const error = answer.data!;
  expect(error.message.trim().length, where).toBeGreaterThan(0);
  if (error.error === 'validation_failed') {
    expect(error.field, where).toBeTypeOf('string');
    expect(namesField(error.message, labelOf(error.field!)), where).toBe(true);
    // The names of unknown fields are echoed as sent (they are what is refused); the rest must be plain words.
    expect(error.message.replace(/^(Unknown fields?): .*$/s, '$1'), where).not.toMatch(JARGON);
  }
}

describe(`every operation in ${OPENAPI_PATH} refuses generated bad input cleanly`, () => {
  it('finds the operations and an example body for each that takes one', () => {
    expect(operations.length).toBeGreaterThan(35);
    const takesBody = operations.filter((op) => 'exampleBody' in op);
    expect(
      takesBody.filter((op) => op.exampleBody === undefined).map((op) => `${op.method} ${op.path}`),
    ).toEqual([]);
  });

  it('notices a write: the count moves for a changed row and not for a read', async () => {
    const user = await createTestUser(sut, 'Fuzz Person');
    const before = await writesSoFar(sut.db);
    await sut.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(await writesSoFar(sut.db)).toBe(before);
    await sut.db.query('DELETE FROM auth_sessions WHERE user_id = $1', [user.id]);
    expect(await writesSoFar(sut.db)).not.toBe(before);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      let user: TestUser = await createTestUser(sut, 'Fuzz Person');
      let before = await fingerprint(sut.db);
      let unwritten = await writesSoFar(sut.db);
      await fc.assert(
        fc.asyncProperty(
          fc.constant(null).chain(() => badRequests(op, user.token, '00000000-0000-4000-8000-000000000000')),
          async (request) => {
            cases++;
            const res = await send(request);
            if (res.statusCode >= 500) serverErrors++;
            checkAnswer(op, request, res);
            if (res.statusCode >= 400) {
              const next = await writesSoFar(sut.db);
              if (next === unwritten) return;
              const after = await fingerprint(sut.db);
              expect(after, `${op.method} ${op.path} — ${request.label}: a refused request wrote`).toBe(
                before,
              );
              unwritten = next;
            } else {
              // The mutation happened to be valid and did its work (or signed the caller out): start afresh once
              // what it started after answering (a recovery e-mail, say) has finished too.
              await sut.app.idle();
              user = await createTestUser(sut, 'Fuzz Person');
              before = await fingerprint(sut.db);
              unwritten = await writesSoFar(sut.db);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }
});
