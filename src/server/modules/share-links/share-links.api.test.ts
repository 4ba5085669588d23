import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import type { ShareLink, TrackResponse } from '#shared/schemas/share-link';
import { ERRORS, FIELD_ISSUE_TEXTS, SHARE_LINK_TEXTS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUserWithContacts, raiseAlert } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { signInAgain } from '../../testing/test-users';
import { postLocation } from '../guardians/guardian-test-helpers';
import { publicOrigin } from '../../http/public-origin';
import { getOrCreateActiveShareLink, trackUrl } from './service';

describe('share links API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const create = async (user: TestUser): Promise<ShareLink> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/share-links',
      // A forged Host header never reaches a link: links start with the server's own public origin.
      headers: { ...user.headers, host: 'evil.example:8443' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<ShareLink>();
  };
  const track = (code: string) => sut.app.inject({ method: 'GET', url: `/api/track/${code}` });

  it('creates a 24-hour link with a uuid code and a /track/ url', async () => {
    const user = await createTestUser(sut);
    const link = await create(user);
    expect(link.share_code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(link.url).toBe(`${publicOrigin(sut.config)}/track/${link.share_code}`);
    expect(link.is_active).toBe(true);
    expect(new Date(link.expires_at).getTime() - sut.clock.now().getTime()).toBe(24 * 3_600_000);

    const list = await sut.app.inject({ method: 'GET', url: '/api/share-links', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ links: ShareLink[] }>().links.map((l) => l.id)).toEqual([link.id]);
    const other = await createTestUser(sut);
    const theirs = await sut.app.inject({ method: 'GET', url: '/api/share-links', headers: other.headers });
    expect(theirs.json()).toEqual({ links: [] });
  });

  it('shows the name, latest position and the route since the link was made, without sign-in', async () => {
    const user = await createTestUser(sut, 'Tara Tracked');
    await postLocation(sut, user, {
      latitude: 1,
      longitude: 1,
      timestamp: sut.clock.now().getTime() - 60_000,
    });
    const link = await create(user);
    sut.clock.advance(1000);
    await postLocation(sut, user, { latitude: 2, longitude: 2, accuracy: 8, battery: 33 });
    sut.clock.advance(1000);
    await postLocation(sut, user, { latitude: 3, longitude: 3 });

    const res = await track(link.share_code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<TrackResponse>();
    expect(body).toMatchObject({ full_name: 'Tara Tracked', sharing: true, expires_at: link.expires_at });
    expect(body.location).toMatchObject({ latitude: 3, longitude: 3 });
    expect(body.location).not.toHaveProperty('user_id');
    expect(JSON.stringify(body)).not.toContain(user.id);
    expect(JSON.stringify(body)).not.toContain(user.email);
    expect(body.route.map((point) => point.latitude)).toEqual([2, 3]);
    // Codes are case-insensitive.
    expect((await track(link.share_code.toUpperCase())).statusCode).toBe(200);

    await sut.db.query('UPDATE profiles SET location_sharing_enabled = false WHERE id = $1', [user.id]);
    expect((await track(link.share_code)).json()).toMatchObject({
      sharing: false,
      location: null,
      route: [],
    });
  });

  it('says whether the person’s SOS is active or when they marked themselves safe, even with sharing off', async () => {
    const user = await createTestUser(sut, 'Sofia Safe');
    const link = await create(user);
    expect((await track(link.share_code)).json<TrackResponse>().alert).toBeNull();

    // An alert older than a link lifetime before the link is no news to whoever opens it.
    const now = sut.clock.now().getTime();
    const insertAlert = (occurredAt: number, resolvedAt: number | null) =>
      sut.db.query(
        `INSERT INTO alerts (user_id, idempotency_key, trigger_type, occurred_at, created_at, resolved_at)
         VALUES ($1, gen_random_uuid()::text, 'manual', $2, $2, $3) RETURNING id`,
        [user.id, new Date(occurredAt), resolvedAt === null ? null : new Date(resolvedAt)],
      );
    await insertAlert(now - 25 * 3_600_000, null);
    expect((await track(link.share_code)).json<TrackResponse>().alert).toBeNull();

    const raisedAt = now - 5 * 60_000;
    const { rows } = await insertAlert(raisedAt, null);
    expect((await track(link.share_code)).json<TrackResponse>().alert).toEqual({
      status: 'active',
      raised_at: new Date(raisedAt).toISOString(),
      resolved_at: null,
    });

    await sut.db.query('UPDATE alerts SET resolved_at = $2 WHERE id = $1', [
      (rows[0] as { id: string }).id,
      new Date(now),
    ]);
    await sut.db.query('UPDATE profiles SET location_sharing_enabled = false WHERE id = $1', [user.id]);
    expect((await track(link.share_code)).json<TrackResponse>().alert).toEqual({
      status: 'resolved',
      raised_at: new Date(raisedAt).toISOString(),
      resolved_at: new Date(now).toISOString(),
    });
  });

  it('answers 410 link_expired after 24 hours', async () => {
    const user = await createTestUser(sut);
    const link = await create(user);
    sut.clock.advance(24 * 3_600_000 - 1);
    expect((await track(link.share_code)).statusCode).toBe(200);
    sut.clock.advance(1);
    const res = await track(link.share_code);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'link_expired', message: SHARE_LINK_TEXTS.linkExpired });
  });

  it('revokes by DELETE or PATCH {is_active:false} (owner only) → 410 link_inactive', async () => {
    const user = await createTestUser(sut);
    const stranger = await createTestUser(sut);
    const [a, b] = [await create(user), await create(user)];

    for (const res of [
      await sut.app.inject({ method: 'DELETE', url: `/api/share-links/${a.id}`, headers: stranger.headers }),
      await sut.app.inject({
        method: 'PATCH',
        url: `/api/share-links/${a.id}`,
        headers: stranger.headers,
        payload: { is_active: false },
      }),
      await sut.app.inject({ method: 'DELETE', url: '/api/share-links/nope', headers: user.headers }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
    }
    expect((await track(a.share_code)).statusCode).toBe(200);

    const reactivate = await sut.app.inject({
      method: 'PATCH',
      url: `/api/share-links/${a.id}`,
      headers: user.headers,
      payload: { is_active: true },
    });
    expect(reactivate.statusCode).toBe(400);
    expect(reactivate.json()).toMatchObject({
      field: 'is_active',
      message: FIELD_ISSUE_TEXTS.mustBe('Is active', 'false'),
    });

    const deleted = await sut.app.inject({
      method: 'DELETE',
      url: `/api/share-links/${a.id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const patched = await sut.app.inject({
      method: 'PATCH',
      url: `/api/share-links/${b.id}`,
      headers: user.headers,
      payload: { is_active: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<ShareLink>()).toMatchObject({ id: b.id, is_active: false });

    for (const code of [a.share_code, b.share_code]) {
      const res = await track(code);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'link_inactive', message: SHARE_LINK_TEXTS.linkInactive });
    }
  });

  it('answers 404 for unknown or malformed codes and 401 on the owner routes without a token', async () => {
    for (const code of ['00000000-0000-4000-8000-000000000000', 'not-a-code', '%27%20OR%201%3D1']) {
      const res = await track(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
    }
    for (const [method, url] of [
      ['POST', '/api/share-links'],
      ['GET', '/api/share-links'],
      ['DELETE', '/api/share-links/x'],
    ] as const) {
      expect((await sut.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('gives the alert pipeline its own link, reusing one with at least an hour left, never the person’s own', async () => {
    const user = await createTestUser(sut);
    const origin = 'https://beacon.example';
    const own = await create(user);
    expect(own.sent_with_alert).toBe(false);
    const forAlert = (alertId = randomUUID()) =>
      getOrCreateActiveShareLink(sut.db, { userId: user.id, alertId, now: sut.clock.now(), origin });
    const first = await forAlert();
    expect(first.id).not.toBe(own.id);
    expect(first.sent_with_alert).toBe(true);
    expect(first.url).toBe(`${origin}/track/${first.share_code}`);
    const again = await forAlert();
    expect(again.id).toBe(first.id);

    sut.clock.advance(23.5 * 3_600_000); // half an hour left: too little for someone reading a text later
    const renewed = await forAlert();
    expect(renewed.id).not.toBe(first.id);

    expect(trackUrl('https://beacon.example/', renewed.share_code)).toBe(renewed.url);

    // A revoked link is never handed out.
    const fresh = await signInAgain(sut, user);
    await sut.app.inject({ method: 'DELETE', url: `/api/share-links/${renewed.id}`, headers: fresh.headers });
    const next = await forAlert();
    expect(next.id).not.toBe(renewed.id);
  });

  describe('the link an SOS text carries', () => {
    const HOME = { latitude: 51.5007, longitude: -0.1246 };
    const PARK = { latitude: 51.5033, longitude: -0.1195 };
    const LATER = { latitude: 51.51, longitude: -0.13 };
    const AWAY = { latitude: 51.52, longitude: -0.14 };

    /** Raises an SOS and answers it with the tracking code its text carries. */
    const sos = async (user: TestUser): Promise<{ alertId: string; code: string }> => {
      const raised = await raiseAlert(sut, user);
      expect(raised.statusCode).toBe(201);
      const alertId = raised.json<AlertDetail>().alert.id;
      const { rows } = await sut.db.query<{ body: string }>(
        "SELECT body FROM alert_deliveries WHERE alert_id = $1 AND channel = 'sms'",
        [alertId],
      );
      const code = /\/track\/([0-9a-f-]{36})/.exec(rows[0]!.body)?.[1];
      expect(code).toBeDefined();
      return { alertId, code: code! };
    };
    const resolve = (user: TestUser, alertId: string) =>
      sut.app.inject({ method: 'POST', url: `/api/alerts/${alertId}/resolve`, headers: user.headers });
    const view = async (code: string): Promise<TrackResponse> => {
      const res = await track(code);
      expect(res.statusCode).toBe(200);
      return res.json<TrackResponse>();
    };
    const containsPosition = (body: TrackResponse, spot: { latitude: number }): boolean =>
      JSON.stringify(body).includes(String(spot.latitude));

    it('shows no position after "I’m safe", only that the person marked themselves safe and when', async () => {
      const user = await createTestUserWithContacts(sut, 'Sam Safe', [{ phone: '+447400123456' }]);
      await postLocation(sut, user, HOME);
      const own = await create(user);
      sut.clock.advance(60_000);
      const { alertId, code } = await sos(user);
      expect(code).not.toBe(own.share_code);

      // While the SOS is active: live, with the way since it was raised.
      sut.clock.advance(5000);
      await postLocation(sut, user, PARK);
      const live = await view(code);
      expect(live).toMatchObject({
        alert: { status: 'active' },
        positions_ended_at: null,
        location: PARK,
      });
      expect(live.route.map((point) => point.latitude)).toEqual([PARK.latitude]);

      sut.clock.advance(5000);
      expect((await resolve(user, alertId)).statusCode).toBe(200);
      const safeAt = sut.clock.now().toISOString();
      // The phone goes on sending positions after "I'm safe".
      sut.clock.advance(5000);
      await postLocation(sut, user, LATER);

      const ended = await view(code);
      expect(ended).toMatchObject({
        full_name: 'Sam Safe',
        alert: { status: 'resolved', resolved_at: safeAt },
        positions_ended_at: safeAt,
        location: null,
        route: [],
      });
      for (const spot of [HOME, PARK, LATER]) expect(containsPosition(ended, spot)).toBe(false);

      // The link the person shared themselves is theirs to end: it still shows where they are.
      expect(await view(own.share_code)).toMatchObject({ positions_ended_at: null, location: LATER });
    });

    it('a second SOS sends the same link again, live from its own start, and ends it again', async () => {
      const user = await createTestUserWithContacts(sut, 'Rae Again', [{ phone: '+447400123457' }]);
      await postLocation(sut, user, HOME);
      const first = await sos(user);
      sut.clock.advance(5000);
      await postLocation(sut, user, PARK);
      await resolve(user, first.alertId);
      sut.clock.advance(60_000);
      await postLocation(sut, user, LATER); // between the two alerts

      sut.clock.advance(60_000);
      const second = await sos(user);
      expect(second.code).toBe(first.code);
      sut.clock.advance(5000);
      await postLocation(sut, user, AWAY);
      const reopened = await view(first.code);
      expect(reopened).toMatchObject({
        alert: { status: 'active' },
        positions_ended_at: null,
        location: AWAY,
      });
      // Only this SOS's way: nothing from the first alert or from between the two.
      expect(reopened.route.map((point) => point.latitude)).toEqual([AWAY.latitude]);

      await resolve(user, second.alertId);
      expect(await view(first.code)).toMatchObject({ location: null, route: [] });
    });

    it('an older text’s link whose SOS ended says so, and shows a newer SOS without its positions', async () => {
      const user = await createTestUserWithContacts(sut, 'Old Text', [{ phone: '+447400123458' }]);
      await postLocation(sut, user, HOME);
      const first = await sos(user);
      await resolve(user, first.alertId);
      const safeAt = sut.clock.now().toISOString();

      // Less than an hour of the first link left: the next SOS gets a link of its own.
      sut.clock.advance(23.5 * 3_600_000);
      const signedIn = await signInAgain(sut, user);
      await postLocation(sut, signedIn, AWAY);
      const second = await sos(signedIn);
      expect(second.code).not.toBe(first.code);
      const old = await view(first.code);
      expect(old).toMatchObject({
        alert: { status: 'active', resolved_at: null },
        positions_ended_at: safeAt,
        location: null,
        route: [],
      });
      expect(containsPosition(old, AWAY)).toBe(false);
      expect(await view(second.code)).toMatchObject({ location: AWAY });
    });
  });
});
