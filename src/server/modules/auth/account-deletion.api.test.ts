import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, FIELD_ISSUE_TEXTS } from '#shared/texts';
import type { Queryable } from '../../db/database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi, waitForMail, type SignedUpUser } from '../../testing/test-auth';

/**
 * Tables that hold nothing of a person: shared secrets and bookkeeping (rate counters store only digests). Jobs
 * name their work by key (a delivery's id, say) and carry nothing personal; a person's rows go with them. The SMS
 * provider's status holds only its last outcome and codes.
 */
const NOT_PERSONAL = new Set([
  'server_secrets',
  'schema_migrations',
  'rate_limit_counters',
  'scheduled_jobs',
  'sms_provider_status',
]);

/** The tables seedEverything fills; tables it does not fill are still counted after deletion. */
const SEEDED = new Set([
  'users',
  'auth_sessions',
  'refresh_tokens',
  'auth_one_time_tokens',
  'profiles',
  'emergency_contacts',
  'invite_codes',
  'guardian_relationships',
  'live_locations',
  'escort_sessions',
  'share_links',
  'check_ins',
  'routes',
  'alerts',
  'alert_deliveries',
  'dev_outbox',
  'protection_settings',
  'alert_meetings',
]);

type Reference = { table: string; column: string; via?: { table: string; column: string; key: string } };

/**
 * Every column that points at a user, found in the catalog: directly (FK to users) or one step away (FK to a
 * table that has an FK to users, e.g. refresh_tokens → auth_sessions → users). A table added later is covered
 * without editing this test.
 */
async function userReferences(db: Queryable): Promise<Reference[]> {
  const { rows } = await db.query<{
    child: string;
    child_column: string;
    parent: string;
    parent_column: string;
  }>(
    `SELECT c.conrelid::regclass::text AS child, ca.attname AS child_column,
            c.confrelid::regclass::text AS parent, pa.attname AS parent_column
     FROM pg_constraint c
     JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = c.conkey[1]
     JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const direct = rows.filter((row) => row.parent === 'users');
  const references: Reference[] = direct.map((row) => ({ table: row.child, column: row.child_column }));
  for (const row of rows) {
    const owner = direct.find((candidate) => candidate.child === row.parent);
    if (owner && row.parent !== 'users') {
      references.push({
        table: row.child,
        column: row.child_column,
        via: { table: owner.child, column: owner.child_column, key: row.parent_column },
      });
    }
  }
  return references;
}

async function countRowsOf(db: Queryable, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const { rows: users } = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  counts['users.id'] = users.length;
  for (const ref of await userReferences(db)) {
    const sql = ref.via
      ? `SELECT count(*) AS n FROM ${ref.table} t JOIN ${ref.via.table} p ON p.${ref.via.key} = t.${ref.column}
         WHERE p.${ref.via.column} = $1`
      : `SELECT count(*) AS n FROM ${ref.table} WHERE ${ref.column} = $1`;
    const { rows } = await db.query<{ n: string | number }>(sql, [userId]);
    const label = ref.via
      ? `${ref.table}.${ref.column}→${ref.via.table}.${ref.via.column}`
      : `${ref.table}.${ref.column}`;
    counts[label] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Gives a person at least one row in every table the schema has. */
async function seedEverything(db: Queryable, person: SignedUpUser, friend: SignedUpUser): Promise<void> {
  const id = person.id;
  await db.query(
    "INSERT INTO emergency_contacts (user_id, id, name, phone) VALUES ($1, '1', 'Mum', '+12015550120')",
    [id],
  );
  await db.query(
    "INSERT INTO invite_codes (code, created_by, expires_at) VALUES ($1, $2, now() + interval '1 day')",
    [id.slice(0, 8).toUpperCase(), id],
  );
  await db.query('INSERT INTO guardian_relationships (guardian_id, ward_id) VALUES ($1, $2)', [
    id,
    friend.id,
  ]);
  await db.query('INSERT INTO live_locations (user_id, latitude, longitude) VALUES ($1, 51.5, -0.1)', [id]);
  await db.query(
    "INSERT INTO escort_sessions (user_id, destination_address, deadline_at) VALUES ($1, 'Home Street 1', now())",
    [id],
  );
  await db.query("INSERT INTO share_links (user_id, expires_at) VALUES ($1, now() + interval '1 day')", [id]);
  await db.query('INSERT INTO check_ins (user_id, next_due_at) VALUES ($1, now())', [id]);
  await db.query('INSERT INTO routes (user_id) VALUES ($1)', [id]);
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO alerts (user_id, idempotency_key, trigger_type, message) VALUES ($1, 'k1', 'manual', 'Help') RETURNING id",
    [id],
  );
  await db.query(
    "INSERT INTO alert_deliveries (alert_id, recipient, body) VALUES ($1, '+12015550120', 'Help')",
    [rows[0]!.id],
  );
  // The meeting the alert carries, with its photo, and the person's AI Protection settings.
  await db.query(
    `INSERT INTO alert_meetings (alert_id, person, location, start_at, notes, photo, photo_content_type, created_at)
     VALUES ($1, 'Sam', 'Café Rio', now(), '', '\\xffd8ffe0'::bytea, 'image/jpeg', now())`,
    [rows[0]!.id],
  );
  await db.query(
    `INSERT INTO protection_settings (user_id, enabled, shake_enabled, loud_sound_enabled, voice_enabled,
                                     motion_threshold, keywords, recognition_accuracy, updated_at)
     VALUES ($1, true, true, true, true, 8, ARRAY['help me'], 0.8, now())`,
    [id],
  );
  await db.query(
    "INSERT INTO dev_outbox (channel, recipient, body, user_id) VALUES ('sms', '+12015550120', 'Help', $1)",
    [id],
  );
}

describe('DELETE /api/auth/user', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  it('removes the account and every row that belongs to it, and nobody else’s', async () => {
    const [alice, bob, carol] = [await signUpViaApi(sut), await signUpViaApi(sut), await signUpViaApi(sut)];
    await Promise.all([alice, bob, carol].map((person) => waitForMail(sut, person.email)));
    await seedEverything(sut.db, alice, bob);
    await seedEverything(sut.db, bob, carol);
    // A code Bob made and Alice redeemed stays Bob's after Alice leaves.
    await sut.db.query('UPDATE invite_codes SET is_used = true, used_by = $1 WHERE created_by = $2', [
      alice.id,
      bob.id,
    ]);
    await sut.db.query('INSERT INTO guardian_relationships (guardian_id, ward_id) VALUES ($1, $2)', [
      carol.id,
      alice.id,
    ]);

    // Every table holds something of Alice's before, so "0 after" means something.
    const { rows: tables } = await sut.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const before = await countRowsOf(sut.db, alice.id);
    for (const [label, count] of Object.entries(before)) {
      if (SEEDED.has(label.split('.')[0]!)) expect(count, label).toBeGreaterThan(0);
    }
    const covered = new Set(Object.keys(before).map((label) => label.split('.')[0]));
    for (const { table_name: table } of tables) {
      if (NOT_PERSONAL.has(table)) continue;
      expect(covered.has(table), `${table} is neither linked to users nor listed as not personal`).toBe(true);
    }
    const bobBefore = await countRowsOf(sut.db, bob.id);

    const res = await sut.app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: alice.headers,
      payload: { confirmation: 'DELETE', current_password: alice.password },
    });
    expect(res.statusCode).toBe(204);

    const after = await countRowsOf(sut.db, alice.id);
    for (const [label, count] of Object.entries(after)) expect(count, label).toBe(0);
    const bobAfter = await countRowsOf(sut.db, bob.id);
    // Only the relationship Alice was part of has gone from Bob's side; the used_by link became null.
    expect(bobAfter).toEqual({
      ...bobBefore,
      'guardian_relationships.ward_id': bobBefore['guardian_relationships.ward_id']! - 1,
    });
    const { rows: codes } = await sut.db.query<{ used_by: string | null }>(
      'SELECT used_by FROM invite_codes WHERE created_by = $1',
      [bob.id],
    );
    expect(codes).toEqual([{ used_by: null }]);

    // The old token is dead and the address can sign up again.
    const me = await sut.app.inject({ method: 'GET', url: '/api/auth/user', headers: alice.headers });
    expect(me.statusCode).toBe(401);
    const signIn = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: alice.email, password: alice.password },
    });
    expect(signIn.json()).toEqual({ error: 'invalid_credentials', message: ERRORS.invalidCredentials });
    await signUpViaApi(sut, { email: alice.email });
    // Bob still works.
    expect(
      (await sut.app.inject({ method: 'GET', url: '/api/profile', headers: bob.headers })).statusCode,
    ).toBe(200);
  });

  it.each([[{}], [{ confirmation: 'delete' }], [{ confirmation: true }], [null]])(
    'needs {confirmation: "DELETE"}: %j answers 400 and deletes nothing',
    async (payload) => {
      const person = await signUpViaApi(sut);
      const res = await sut.app.inject({
        method: 'DELETE',
        url: '/api/auth/user',
        headers: { ...person.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
      if (payload && typeof payload === 'object' && 'confirmation' in payload) {
        expect(res.json()).toMatchObject({
          error: 'validation_failed',
          field: 'confirmation',
          message: FIELD_ISSUE_TEXTS.mustBe('Confirmation', '"DELETE"'),
        });
      }
      const { rows } = await sut.db.query('SELECT 1 FROM users WHERE id = $1', [person.id]);
      expect(rows).toHaveLength(1);
    },
  );
});
