/**
 * What an SOS text carries (docs/SECURITY.md, "What an SOS text contains, and hygiene"): the phone's position, or
 * else the last one the server holds with its age, or else a truthful "unknown"; and the live-tracking link only
 * while the person leaves Settings › Privacy › Emergency Contact Access on; each contact's answer link always.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { mapLink } from '#shared/map-link';
import { RESPONDER_PAGE_PATH, TRACK_PAGE_PATH } from '#shared/constants';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addContact, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { postLocation } from '../guardians/guardian-test-helpers';

describe('the SOS text: position and tracking link', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const person = async (): Promise<TestUser> => {
    const user = await createTestUser(sut, 'Jane Doe');
    await addContact(sut, user, '+12015550123');
    return user;
  };
  /** The one text the person's contact received. */
  const textOf = async (user: TestUser): Promise<string> => {
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1",
      [user.id],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!.body;
  };
  const shareLinkCount = async (user: TestUser): Promise<number> =>
    (
      await sut.db.query<{ n: number }>('SELECT count(*)::int AS n FROM share_links WHERE user_id = $1', [
        user.id,
      ])
    ).rows[0]!.n;
  const setPreferences = async (user: TestUser, payload: Record<string, unknown>): Promise<void> => {
    const res = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload,
    });
    expect(res.statusCode).toBe(200);
  };

  it('without a position from the phone, texts the last position the server holds, with its age', async () => {
    const user = await person();
    const taken = new Date(sut.clock.now().getTime() - 12 * 60_000 - 5_000);
    await postLocation(sut, user, {
      latitude: 48.8584,
      longitude: 2.2945,
      accuracy: 20,
      timestamp: taken.toISOString(),
    });

    const res = await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(res.statusCode).toBe(201);
    const text = await textOf(user);
    expect(text).toContain(`Last known location (12 min ago): ${mapLink(48.8584, 2.2945)} (within 20 m)`);
    expect(text).not.toContain('Location: unknown');
    // The alert (and so the guardian view and its realtime event) says the position is a last-known one.
    expect(res.json<AlertDetail>().alert).toMatchObject({
      location_lat: 48.8584,
      location_lng: 2.2945,
      location_source: 'last_known',
      location_recorded_at: taken.toISOString(),
    });
  });

  it('with no stored position, says the location is unknown', async () => {
    const user = await person();
    const res = await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(res.statusCode).toBe(201);
    const text = await textOf(user);
    expect(text).toContain('Location: unknown');
    expect(text).not.toContain('maps');
    expect(res.json<AlertDetail>().alert).toMatchObject({
      location_source: null,
      location_recorded_at: null,
    });
  });

  it("with a position from the phone, texts the phone's position, not the stored one", async () => {
    const user = await person();
    await postLocation(sut, user, {
      latitude: 48.8584,
      longitude: 2.2945,
      timestamp: new Date(sut.clock.now().getTime() - 60_000).toISOString(),
    });
    const res = await raiseAlert(sut, user, {
      triggerType: 'manual',
      location: { latitude: 51.5007, longitude: -0.1246, accuracy: 8 },
    });
    const text = await textOf(user);
    expect(text).toContain(`Location: ${mapLink(51.5007, -0.1246)} (within 8 m)`);
    expect(text).not.toContain('Last known');
    expect(text).not.toContain(mapLink(48.8584, 2.2945));
    expect(res.json<AlertDetail>().alert).toMatchObject({
      location_source: 'phone',
      location_recorded_at: null,
    });
  });

  it('does not hand out a stored position once the person has switched Share Location off', async () => {
    const user = await person();
    await postLocation(sut, user, {
      latitude: 48.8584,
      longitude: 2.2945,
      timestamp: new Date(sut.clock.now().getTime() - 60_000).toISOString(),
    });
    await setPreferences(user, { location_sharing_enabled: false });
    await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(await textOf(user)).toContain('Location: unknown');
  });

  it('with Emergency Contact Access on (the default), the text carries the live-tracking link', async () => {
    const user = await person();
    await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(await textOf(user)).toMatch(new RegExp(`Live location: \\S+${TRACK_PAGE_PATH}/\\S+`));
    expect(await shareLinkCount(user)).toBe(1);
  });

  it('with Emergency Contact Access off, contacts still get the text, without a tracking link', async () => {
    const user = await person();
    await setPreferences(user, { settings: { emergencyContacts: false } });
    const res = await raiseAlert(sut, user, {
      triggerType: 'manual',
      message: 'Please call me',
      location: { latitude: 51.5007, longitude: -0.1246 },
    });
    expect(res.statusCode).toBe(201);
    const text = await textOf(user);
    expect(text).toContain('Message: "Please call me"');
    expect(text).toContain(mapLink(51.5007, -0.1246));
    expect(text).not.toContain('Live location');
    expect(text).not.toContain(TRACK_PAGE_PATH);
    expect(await shareLinkCount(user)).toBe(0);
    // The contact still gets their answer link: its page shows no position while this switch is off.
    expect(text).toMatch(new RegExp(`\\nAnswer: \\S+${RESPONDER_PAGE_PATH}/[a-z2-7]{26}$`));

    // Switched on again: the next SOS has its link.
    await setPreferences(user, { settings: { emergencyContacts: true } });
    await resolveAlert(sut, user, res.json<AlertDetail>().alert.id);
    await raiseAlert(sut, user, { triggerType: 'manual' });
    const { rows } = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 AND body LIKE '%Live location%'",
      [user.id],
    );
    expect(rows).toHaveLength(1);
  });
});
