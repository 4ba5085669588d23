/**
 * GET and PATCH /api/escalation-settings: the person's own escalation time, else the server's default; 400 naming
 * the field for anything but whole seconds in range, nothing stored; nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCALATION_VALIDATION } from '#shared/escalation-settings-texts';
import type { EscalationSettings } from '#shared/schemas/escalation-settings';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';

describe('escalation settings API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ ALERT_ESCALATION_SECONDS: '90' });
  });
  afterAll(() => sut?.close());

  const get = (user: TestUser) =>
    sut.app.inject({ method: 'GET', url: '/api/escalation-settings', headers: user.headers });
  const patch = (user: TestUser, payload: unknown) =>
    sut.app.inject({
      method: 'PATCH',
      url: '/api/escalation-settings',
      headers: user.headers,
      payload: payload as object,
    });
  const stored = async (user: TestUser): Promise<number | null> =>
    (
      await sut.db.query<{ alert_escalation_seconds: number | null }>(
        'SELECT alert_escalation_seconds FROM profiles WHERE id = $1',
        [user.id],
      )
    ).rows[0]?.alert_escalation_seconds ?? null;

  it("answers the server's default until the person chooses, then theirs, and the default again on null", async () => {
    const person = await createTestUser(sut, 'Ella Escalate');
    expect((await get(person)).json()).toEqual({
      escalation_seconds: 90,
      chosen: false,
      default_seconds: 90,
    });

    const chosen = await patch(person, { escalation_seconds: 45 });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<EscalationSettings>()).toEqual({
      escalation_seconds: 45,
      chosen: true,
      default_seconds: 90,
    });
    expect((await get(person)).json()).toEqual(chosen.json());
    expect(await stored(person)).toBe(45);

    const reset = await patch(person, { escalation_seconds: null });
    expect(reset.json()).toEqual({ escalation_seconds: 90, chosen: false, default_seconds: 90 });
    expect(await stored(person)).toBeNull();
  });

  it.each([
    [{ escalation_seconds: 29 }, 'escalation_seconds'],
    [{ escalation_seconds: 1801 }, 'escalation_seconds'],
    [{ escalation_seconds: 60.5 }, 'escalation_seconds'],
    [{ escalation_seconds: '60' }, 'escalation_seconds'],
    [{}, 'escalation_seconds'],
  ])('%j → 400 naming %s, nothing stored', async (payload, field) => {
    const person = await createTestUser(sut);
    await patch(person, { escalation_seconds: 300 });
    const res = await patch(person, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      field,
      message: ESCALATION_VALIDATION.secondsRange,
    });
    expect(await stored(person)).toBe(300);
  });

  it('refuses an unknown key, naming it', async () => {
    const person = await createTestUser(sut);
    const res = await patch(person, { escalation_seconds: 60, escalation_secs: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'body' });
    expect(res.json<{ message: string }>().message).toContain('escalation_secs');
    expect(await stored(person)).toBeNull();
  });

  it("changes only the caller's own time and needs a session", async () => {
    const one = await createTestUser(sut, 'One');
    const other = await createTestUser(sut, 'Other');
    await patch(one, { escalation_seconds: 30 });
    expect((await get(other)).json<EscalationSettings>().escalation_seconds).toBe(90);
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await sut.app.inject({
        method,
        url: '/api/escalation-settings',
        ...(method === 'PATCH' ? { payload: { escalation_seconds: 60 } } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a server default outside the bounds', async () => {
    await expect(createTestApp({ ALERT_ESCALATION_SECONDS: '29' })).rejects.toThrow(
      /ALERT_ESCALATION_SECONDS/,
    );
  });
});
