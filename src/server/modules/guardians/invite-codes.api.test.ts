import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE, INVITE_REDEMPTION_LIMITS } from '#shared/constants';
import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import type { GuardianRelationship, InviteCode, InviteCodeListResponse } from '#shared/schemas/guardian';
import { ERRORS, VALIDATION } from '#shared/texts';
import { createAccessPolicy } from '../../access/policy';
import { profiles } from '../profile/module';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { signInAgain } from '../../testing/test-users';

describe('invite codes API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const createCode = async (user: TestUser): Promise<InviteCode> => {
    const res = await sut.app.inject({ method: 'POST', url: '/api/invite-codes', headers: user.headers });
    expect(res.statusCode).toBe(201);
    return res.json<InviteCode>();
  };
  const listCodes = async (user: TestUser): Promise<InviteCode[]> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/invite-codes', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<InviteCodeListResponse>().codes;
  };
  // Each call comes from its own address unless a test says otherwise, so only the rate-limit test meets the
  // per-address limit.
  let addresses = 0;
  const redeem = (user: TestUser | null, payload: unknown, remoteAddress?: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/invite-codes/redeem',
      headers: user?.headers ?? {},
      payload: payload as Record<string, unknown>,
      remoteAddress: remoteAddress ?? `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
    });
  const relationshipsOf = async (user: TestUser): Promise<GuardianRelationship[]> => {
    const res = await sut.app.inject({
      method: 'GET',
      url: '/api/guardian-relationships',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ relationships: GuardianRelationship[] }>().relationships;
  };

  it('creates an 8-character uppercase code that expires in 24 hours', async () => {
    const user = await createTestUser(sut);
    const code = await createCode(user);
    expect(code.code).toMatch(new RegExp(`^[A-Z0-9]{${INVITE_CODE.length}}$`));
    expect(code.is_used).toBe(false);
    expect(new Date(code.expires_at).getTime() - new Date(code.created_at).getTime()).toBe(24 * 3_600_000);
    expect(new Date(code.created_at).toISOString()).toBe(sut.clock.now().toISOString());
    expect(Object.keys(code).sort()).toEqual(['code', 'created_at', 'expires_at', 'id', 'is_used']);
  });

  it('lists only the caller’s unused, unexpired codes, newest first', async () => {
    const user = await createTestUser(sut);
    const other = await createTestUser(sut);
    const ward = await createTestUser(sut);
    const old = await createCode(user);
    sut.clock.advance(60_000);
    const used = await createCode(user);
    sut.clock.advance(60_000);
    const newest = await createCode(user);
    await createCode(other);
    expect((await redeem(ward, { code: used.code })).statusCode).toBe(201);

    expect((await listCodes(user)).map((code) => code.code)).toEqual([newest.code, old.code]);
    sut.clock.advance(24 * 3_600_000 - 60_000); // `old` has expired, `newest` has a minute left
    expect((await listCodes(await signInAgain(sut, user))).map((code) => code.code)).toEqual([newest.code]);
  });

  it('redeems a code: the creator becomes guardian, the redeemer ward, pending', async () => {
    const guardian = await createTestUser(sut, 'Gina Guardian');
    const ward = await createTestUser(sut, 'Walter Ward');
    const code = await createCode(guardian);

    // Entry is trimmed and uppercased (docs/PRODUCT.md#invite-codes).
    const res = await redeem(ward, { code: `  ${code.code.toLowerCase()} ` });
    expect(res.statusCode).toBe(201);
    const relationship = res.json<GuardianRelationship>();
    expect(relationship).toMatchObject({
      guardian_id: guardian.id,
      ward_id: ward.id,
      status: 'pending',
      role: 'ward',
      relationship_type: 'guardian',
      guardian: { full_name: 'Gina Guardian', email: guardian.email },
      ward: { full_name: 'Walter Ward', email: ward.email },
    });

    const { rows } = await sut.db.query<{ is_used: boolean; used_by: string }>(
      'SELECT is_used, used_by FROM invite_codes WHERE id = $1',
      [code.id],
    );
    expect(rows[0]).toEqual({ is_used: true, used_by: ward.id });
    expect(await listCodes(guardian)).toEqual([]);
    expect((await relationshipsOf(guardian)).map((r) => [r.id, r.role])).toEqual([
      [relationship.id, 'guardian'],
    ]);
    expect((await relationshipsOf(ward)).map((r) => [r.id, r.role])).toEqual([[relationship.id, 'ward']]);
  });

  it('answers every redemption error with its product message', async () => {
    const guardian = await createTestUser(sut);
    const ward = await createTestUser(sut);

    for (const payload of [{ code: '' }, { code: '   ' }, {}, { code: 12345678 }, null]) {
      const res = await redeem(ward, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
      // A body that is not an object at all is refused as the body, with the same words after its name.
      expect(res.json().message).toContain(VALIDATION.inviteCodeBlank);
    }

    const unknown = await redeem(ward, { code: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid_invite_code', message: ERRORS.invalidOrExpiredCode });

    const long = await redeem(ward, { code: 'A'.repeat(5000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ERRORS.invalidOrExpiredCode);

    const own = await createCode(ward);
    const ownRes = await redeem(ward, { code: own.code });
    expect(ownRes.statusCode).toBe(400);
    expect(ownRes.json()).toEqual({ error: 'invalid_invite_code', message: GUARDIAN_TEXTS.ownInviteCode });

    const expiring = await createCode(guardian);
    sut.clock.advance(24 * 3_600_000 + 1);
    const expired = await redeem(await signInAgain(sut, ward), { code: expiring.code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'invite_code_expired', message: ERRORS.codeExpired });

    const used = await createCode(await signInAgain(sut, guardian));
    expect((await redeem(await signInAgain(sut, ward), { code: used.code })).statusCode).toBe(201);
    const third = await createTestUser(sut);
    const again = await redeem(third, { code: used.code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_invite_code', message: ERRORS.invalidOrExpiredCode });
  });

  it('answers 401 "Not authenticated" without a token, before reading the body', async () => {
    for (const payload of [{ code: 'ABCDEFGH' }, { code: '' }]) {
      const res = await redeem(null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    }
    for (const [method, url] of [
      ['POST', '/api/invite-codes'],
      ['GET', '/api/invite-codes'],
    ] as const) {
      const res = await sut.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ERRORS.notAuthenticated);
    }
  });

  it('refuses a second open request between the same guardian and ward (409) and leaves the code unused', async () => {
    const guardian = await createTestUser(sut);
    const ward = await createTestUser(sut);
    expect((await redeem(ward, { code: (await createCode(guardian)).code })).statusCode).toBe(201);

    const second = await createCode(guardian);
    const res = await redeem(ward, { code: second.code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: GUARDIAN_TEXTS.relationshipExists });
    // The failed redemption rolled back: the code can still be used by someone else.
    expect((await listCodes(guardian)).map((code) => code.code)).toEqual([second.code]);
    const someoneElse = await createTestUser(sut);
    expect((await redeem(someoneElse, { code: second.code })).statusCode).toBe(201);
  });

  it('lets exactly one of several concurrent redeemers use a code', async () => {
    const guardian = await createTestUser(sut);
    const code = await createCode(guardian);
    const wards = await Promise.all(Array.from({ length: 5 }, () => createTestUser(sut)));

    const answers = await Promise.all(wards.map((ward) => redeem(ward, { code: code.code })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const res of answers.filter((answer) => answer.statusCode === 400)) {
      expect(res.json().message).toBe(ERRORS.invalidOrExpiredCode);
    }
    const { rows } = await sut.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM guardian_relationships WHERE guardian_id = $1',
      [guardian.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('makes the same ward’s concurrent redemptions of two codes create one relationship', async () => {
    const guardian = await createTestUser(sut);
    const ward = await createTestUser(sut);
    const [a, b] = [await createCode(guardian), await createCode(guardian)];
    const answers = await Promise.all([redeem(ward, { code: a.code }), redeem(ward, { code: b.code })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await listCodes(guardian)).toHaveLength(1);
  });

  it('limits redemption attempts per person and per address, with Retry-After', async () => {
    const ward = await createTestUser(sut);
    for (let i = 0; i < INVITE_REDEMPTION_LIMITS.perUser; i++) {
      expect((await redeem(ward, { code: `WRONG${i}` }, '203.0.113.7')).statusCode).toBe(400);
    }
    const limited = await redeem(ward, { code: 'WRONGX' }, '203.0.113.8');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited', message: ERRORS.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Per address: many people behind one address share a (larger) budget.
    const address = '198.51.100.20';
    let last = 0;
    for (let i = 0; i <= INVITE_REDEMPTION_LIMITS.perAddress; i++) {
      const person = await createTestUser(sut);
      last = (await redeem(person, { code: 'NOPENOPE' }, address)).statusCode;
    }
    expect(last).toBe(429);

    // A new window starts afresh.
    sut.clock.advance(INVITE_REDEMPTION_LIMITS.windowMinutes * 60_000);
    expect((await redeem(ward, { code: 'WRONGY' }, address)).statusCode).toBe(400);
  });

  it('retries when a drawn code already exists', async () => {
    const user = await createTestUser(sut);
    const taken = await createCode(user);
    // A service whose generator first repeats an existing code, then draws a fresh one.
    const { createInviteCodeService } = await import('./invite-code-service');
    const draws = [taken.code, 'FRESH123'];
    const service = createInviteCodeService({
      db: sut.db,
      clock: sut.clock,
      access: createAccessPolicy({ db: sut.db, clock: sut.clock }),
      people: profiles,
      publisher: { publish: async () => null, publishOnceRead: () => undefined },
      limiters: {
        perUser: {
          consume: async () => ({ allowed: true, hits: 1, retryAfterSeconds: 1 }),
          record: async () => {},
          refund: async () => {},
          peek: async () => 0,
        },
        perAddress: {
          consume: async () => ({ allowed: true, hits: 1, retryAfterSeconds: 1 }),
          record: async () => {},
          refund: async () => {},
          peek: async () => 0,
        },
      },
      generate: () => draws.shift() ?? 'NEVERHIT',
    });
    const created = await service.create({ userId: user.id, sessionId: '', email: user.email });
    expect(created.code).toBe('FRESH123');
  });
});
