import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail, WardAlertListResponse } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { linkGuardian } from '../guardians/guardian-test-helpers';

/** POST /api/alerts/:id/resolve ("I'm safe"): an alert has a beginning and an end. */
describe('resolving an alert', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const personWithContact = async (name: string): Promise<TestUser> => {
    const user = await createTestUser(sut, name);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { name: 'Mum', phone: '+447400123456' },
    });
    expect(res.statusCode).toBe(201);
    return user;
  };
  const raise = async (user: TestUser): Promise<AlertDetail> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AlertDetail>();
  };
  const resolve = (user: TestUser | undefined, id: string) =>
    sut.app.inject({ method: 'POST', url: `/api/alerts/${id}/resolve`, headers: user?.headers ?? {} });

  it('answers a new alert as active, and resolved (with resolved_at) after "I\'m safe"', async () => {
    const alex = await personWithContact('Alex Safe');
    const raised = await raise(alex);
    expect(raised.alert).toMatchObject({ status: 'active', resolved_at: null });

    sut.clock.advance(60_000);
    const res = await resolve(alex, raised.alert.id);
    expect(res.statusCode).toBe(200);
    const resolved = res.json<AlertDetail>().alert;
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolved_at).toBe(sut.clock.now().toISOString());

    const again = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${raised.alert.id}`,
      headers: alex.headers,
    });
    expect(again.json<AlertDetail>().alert).toMatchObject({ status: 'resolved', state: 'resolved' });
  });

  it("keeps the alert's life on its timeline: raised, then resolved, each once", async () => {
    const alex = await personWithContact('Alex Timeline');
    const raised = await raise(alex);
    expect(raised.alert).toMatchObject({ state: 'raised', acknowledged_at: null });
    expect(raised.timeline.map((entry) => entry.kind)).toEqual(['raised']);
    expect(raised.timeline[0]!.at).toBe(raised.alert.occurred_at);
    expect(raised.responses).toEqual([]);

    sut.clock.advance(30_000);
    await resolve(alex, raised.alert.id);
    await resolve(alex, raised.alert.id);
    const res = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${raised.alert.id}`,
      headers: alex.headers,
    });
    const detail = res.json<AlertDetail>();
    expect(detail.timeline.map((entry) => [entry.kind, entry.at])).toEqual([
      ['raised', raised.alert.occurred_at],
      ['resolved', sut.clock.now().toISOString()],
    ]);
  });

  it('keeps the first resolution when "I\'m safe" is sent twice', async () => {
    const alex = await personWithContact('Alex Twice');
    const raised = await raise(alex);
    const first = (await resolve(alex, raised.alert.id)).json<AlertDetail>().alert.resolved_at;
    sut.clock.advance(5_000);
    const second = await resolve(alex, raised.alert.id);
    expect(second.statusCode).toBe(200);
    expect(second.json<AlertDetail>().alert.resolved_at).toBe(first);
  });

  it("shows the guardian the ward's alert as resolved", async () => {
    const guardian = await createTestUser(sut, 'Gina Guardian');
    const alex = await personWithContact('Alex Watched');
    await linkGuardian(sut, guardian, alex);
    const raised = await raise(alex);
    await resolve(alex, raised.alert.id);
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/alerts', headers: guardian.headers });
    const seen = res.json<WardAlertListResponse>().alerts.find((entry) => entry.alert.id === raised.alert.id);
    expect(seen?.alert.status).toBe('resolved');
  });

  it('refuses anyone but the owner: 401 without a session, 404 for someone else, a guardian or a bad id', async () => {
    const alex = await personWithContact('Alex Owner');
    const guardian = await createTestUser(sut, 'Gina Other');
    await linkGuardian(sut, guardian, alex);
    const raised = await raise(alex);

    expect((await resolve(undefined, raised.alert.id)).statusCode).toBe(401);
    const byGuardian = await resolve(guardian, raised.alert.id);
    expect(byGuardian.statusCode).toBe(404);
    expect(byGuardian.json()).toMatchObject({ message: ERRORS.notFound });
    expect((await resolve(alex, 'not-a-uuid')).statusCode).toBe(404);

    const still = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${raised.alert.id}`,
      headers: alex.headers,
    });
    expect(still.json<AlertDetail>().alert.status).toBe('active');
  });
});
