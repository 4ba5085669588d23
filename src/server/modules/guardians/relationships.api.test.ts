import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import type { GuardianRelationship, Ward } from '#shared/schemas/guardian';
import { ERRORS, FIELD_ISSUE_TEXTS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { canWatch } from '../../access/guardian-rule';
import { endRelationship, linkGuardian, postLocation } from './guardian-test-helpers';

describe('guardian relationships API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const list = async (user: TestUser): Promise<GuardianRelationship[]> => {
    const res = await sut.app.inject({
      method: 'GET',
      url: '/api/guardian-relationships',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ relationships: GuardianRelationship[] }>().relationships;
  };
  const decide = (user: TestUser, id: string, payload: unknown) =>
    sut.app.inject({
      method: 'PATCH',
      url: `/api/guardian-relationships/${id}`,
      headers: user.headers,
      payload: payload as Record<string, unknown>,
    });
  const remove = (user: TestUser, id: string) =>
    sut.app.inject({ method: 'DELETE', url: `/api/guardian-relationships/${id}`, headers: user.headers });
  const wards = async (user: TestUser): Promise<Ward[]> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ wards: Ward[] }>().wards;
  };

  it('walks the whole lifecycle: pending → active → ended', async () => {
    const guardian = await createTestUser(sut, 'Gina Guardian');
    const ward = await createTestUser(sut, 'Walter Ward');
    const pending = await linkGuardian(sut, guardian, ward, 'pending');
    expect(await canWatch(sut.db, guardian.id, ward.id)).toBe(false);

    const [seenByGuardian] = await list(guardian);
    expect(seenByGuardian).toMatchObject({ id: pending.id, status: 'pending', role: 'guardian' });
    expect(seenByGuardian?.ward).toEqual({ full_name: 'Walter Ward', email: ward.email });
    expect(seenByGuardian?.guardian).toEqual({ full_name: 'Gina Guardian', email: guardian.email });

    const approved = await decide(guardian, pending.id, { status: 'active' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: pending.id, status: 'active', role: 'guardian' });
    expect(await canWatch(sut.db, guardian.id, ward.id)).toBe(true);
    expect((await list(ward))[0]).toMatchObject({ status: 'active', role: 'ward' });
    expect((await wards(guardian)).map((w) => w.ward_id)).toEqual([ward.id]);

    // Either side may end it; afterwards neither sees it and the guardian sees nothing of the ward.
    expect((await remove(ward, pending.id)).statusCode).toBe(204);
    expect(await list(guardian)).toEqual([]);
    expect(await list(ward)).toEqual([]);
    expect(await wards(guardian)).toEqual([]);
    expect(await canWatch(sut.db, guardian.id, ward.id)).toBe(false);
    expect((await remove(guardian, pending.id)).statusCode).toBe(404);

    // A new request may follow an ended one.
    const again = await linkGuardian(sut, guardian, ward, 'active');
    expect(again.id).not.toBe(pending.id);
    await endRelationship(sut, guardian, again.id);
    expect(await canWatch(sut.db, guardian.id, ward.id)).toBe(false);
  });

  it('lets only the guardian answer, only once, and hides the request from strangers', async () => {
    const guardian = await createTestUser(sut);
    const ward = await createTestUser(sut);
    const stranger = await createTestUser(sut);
    const pending = await linkGuardian(sut, guardian, ward, 'pending');

    const byWard = await decide(ward, pending.id, { status: 'active' });
    expect(byWard.statusCode).toBe(403);
    expect(byWard.json()).toEqual({ error: 'forbidden', message: GUARDIAN_TEXTS.onlyGuardianDecides });

    for (const res of [
      await decide(stranger, pending.id, { status: 'active' }),
      await remove(stranger, pending.id),
      await decide(guardian, 'not-a-uuid', { status: 'active' }),
      await decide(guardian, '00000000-0000-4000-8000-000000000000', { status: 'active' }),
      await remove(guardian, 'not-a-uuid'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
    }
    expect(await list(stranger)).toEqual([]);

    for (const payload of [{ status: 'ended' }, { status: 'pending' }, {}, { status: 1 }]) {
      const res = await decide(guardian, pending.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        field: 'status',
        message:
          'status' in payload
            ? FIELD_ISSUE_TEXTS.oneOf('Status', ['"active"', '"rejected"'])
            : FIELD_ISSUE_TEXTS.required('Status'),
      });
    }

    expect((await decide(guardian, pending.id, { status: 'rejected' })).statusCode).toBe(200);
    const twice = await decide(guardian, pending.id, { status: 'active' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'conflict', message: GUARDIAN_TEXTS.requestAlreadyAnswered });
    expect(await canWatch(sut.db, guardian.id, ward.id)).toBe(false);
    // Rejected relationships still show (so the ward knows), but grant nothing.
    expect((await list(ward))[0]).toMatchObject({ status: 'rejected', role: 'ward' });
    expect(await wards(guardian)).toEqual([]);
  });

  it('answers 401 on every route without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/guardian-relationships'],
      ['PATCH', `/api/guardian-relationships/${id}`],
      ['DELETE', `/api/guardian-relationships/${id}`],
      ['GET', '/api/wards'],
    ] as const) {
      const res = await sut.app.inject({
        method,
        url,
        payload: method === 'PATCH' ? { status: 'active' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    }
  });

  it('lists a guardian’s active wards with their last position and battery, only while sharing', async () => {
    const guardian = await createTestUser(sut);
    const sharing = await createTestUser(sut, 'Sharing Sam');
    const private_ = await createTestUser(sut, 'Private Pat');
    const pendingWard = await createTestUser(sut, 'Pending Polly');
    const rejectedWard = await createTestUser(sut, 'Rejected Rick');
    const silent = await createTestUser(sut, 'Silent Sue');
    for (const ward of [sharing, private_, silent]) await linkGuardian(sut, guardian, ward, 'active');
    await linkGuardian(sut, guardian, pendingWard, 'pending');
    await linkGuardian(sut, guardian, rejectedWard, 'rejected');

    await postLocation(sut, sharing, {
      latitude: 10,
      longitude: 20,
      accuracy: 5,
      battery: 54.6,
      online: true,
    });
    await postLocation(sut, private_, { latitude: 30, longitude: 40 });
    await sut.db.query('UPDATE profiles SET location_sharing_enabled = false WHERE id = $1', [private_.id]);
    await postLocation(sut, pendingWard, { latitude: 1, longitude: 1 });

    const list_ = await wards(guardian);
    expect(list_.map((ward) => ward.full_name)).toEqual(['Private Pat', 'Sharing Sam', 'Silent Sue']);
    expect(list_[1]).toMatchObject({
      ward_id: sharing.id,
      email: sharing.email,
      location_sharing_enabled: true,
      location: {
        latitude: 10,
        longitude: 20,
        accuracy: 5,
        battery_level: 55,
        online: true,
        user_id: sharing.id,
      },
    });
    expect(list_[0]).toMatchObject({ ward_id: private_.id, location_sharing_enabled: false, location: null });
    expect(list_[2]).toMatchObject({ ward_id: silent.id, location_sharing_enabled: true, location: null });
    // A ward has no wards.
    expect(await wards(sharing)).toEqual([]);
  });
});
