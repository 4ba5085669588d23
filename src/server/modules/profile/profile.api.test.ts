import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_SETTINGS, ProfileSchema, type Profile } from '#shared/schemas/profile';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi, type SignedUpUser } from '../../testing/test-auth';
import { createTestUser } from '../../testing/test-users';

type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

describe('profile API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const getProfile = (headers: object): Promise<InjectResult> =>
    sut.app.inject({ method: 'GET', url: '/api/profile', headers: { ...headers } });
  const patchProfile = (headers: object, payload: unknown): Promise<InjectResult> =>
    sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...headers },
      payload: payload as object,
    });
  const profileOf = (res: InjectResult): Profile => {
    expect(res.statusCode, res.body).toBe(200);
    return ProfileSchema.parse(res.json());
  };

  describe('GET /api/profile', () => {
    it('answers the full profile with defaults and ISO timestamps', async () => {
      const person = await signUpViaApi(sut, { fullName: 'Ines Carvalho' });
      const profile = profileOf(await getProfile(person.headers));
      expect(profile).toEqual({
        id: person.id,
        full_name: 'Ines Carvalho',
        email: person.email,
        phone: null,
        emergency_contacts: [],
        location_sharing_enabled: true,
        sound_enabled: true,
        settings: DEFAULT_PROFILE_SETTINGS,
        time_zone: null,
        last_chance_minutes: 2,
        created_at: sut.clock.now().toISOString(),
        updated_at: sut.clock.now().toISOString(),
      });
    });

    it('creates the profile from the auth user when it is missing (name and phone from metadata)', async () => {
      const person = await signUpViaApi(sut, { fullName: 'Kwame Mensah' });
      await sut.db.query('DELETE FROM profiles WHERE id = $1', [person.id]);
      await sut.db.query(
        `UPDATE users SET user_metadata = user_metadata || '{"phone":"+12015550131"}' WHERE id = $1`,
        [person.id],
      );
      const profile = profileOf(await getProfile(person.headers));
      expect(profile).toMatchObject({
        full_name: 'Kwame Mensah',
        email: person.email,
        phone: '+12015550131',
      });
      const { rows } = await sut.db.query('SELECT 1 FROM profiles WHERE id = $1', [person.id]);
      expect(rows).toHaveLength(1);
    });

    it('seeds an empty name and a null phone when the metadata has neither', async () => {
      const person = await signUpViaApi(sut);
      await sut.db.query('DELETE FROM profiles WHERE id = $1', [person.id]);
      await sut.db.query(`UPDATE users SET user_metadata = '{}' WHERE id = $1`, [person.id]);
      expect(profileOf(await getProfile(person.headers))).toMatchObject({ full_name: '', phone: null });
    });
  });

  describe('PATCH /api/profile', () => {
    let person: SignedUpUser;
    beforeAll(async () => {
      person = await signUpViaApi(sut, { fullName: 'Patch Person' });
    });

    it('changes only the fields sent and answers the whole profile', async () => {
      sut.clock.advance(1000);
      const profile = profileOf(
        await patchProfile(person.headers, { full_name: '  Patricia Person ', phone: ' +447400123456 ' }),
      );
      expect(profile).toMatchObject({
        full_name: 'Patricia Person',
        phone: '+447400123456',
        email: person.email,
        location_sharing_enabled: true,
      });
      expect(profile.updated_at).toBe(sut.clock.now().toISOString());
      expect(profile.created_at).not.toBe(profile.updated_at);
      const again = profileOf(await patchProfile(person.headers, { sound_enabled: false }));
      expect(again).toMatchObject({
        full_name: 'Patricia Person',
        phone: '+447400123456',
        sound_enabled: false,
      });
    });

    it('stores an empty phone as null', async () => {
      await patchProfile(person.headers, { phone: '+12015550100' });
      expect(profileOf(await patchProfile(person.headers, { phone: '' })).phone).toBeNull();
      await patchProfile(person.headers, { phone: '+12015550100' });
      expect(profileOf(await patchProfile(person.headers, { phone: null })).phone).toBeNull();
    });

    it('merges settings into the stored ones over the defaults', async () => {
      const first = profileOf(await patchProfile(person.headers, { settings: { emergencyContacts: false } }));
      expect(first.settings).toEqual({ ...DEFAULT_PROFILE_SETTINGS, emergencyContacts: false });
      const second = profileOf(await patchProfile(person.headers, { settings: { shareLocation: false } }));
      expect(second.settings).toEqual({
        ...DEFAULT_PROFILE_SETTINGS,
        emergencyContacts: false,
        shareLocation: false,
      });
    });

    it('neither keeps nor answers the notification switches that acted on nothing', async () => {
      const res = await patchProfile(person.headers, {
        settings: { emergencyAlerts: false, locationSharing: false, checkInReminders: false },
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(profileOf(res).settings).sort()).toEqual(['emergencyContacts', 'shareLocation']);
      const { rows } = await sut.db.query<{ settings: Record<string, unknown> | null }>(
        'SELECT settings FROM profiles WHERE id = $1',
        [person.id],
      );
      expect(rows[0]!.settings ?? {}).not.toHaveProperty('emergencyAlerts');
    });

    it('replaces the whole emergency contact list, keeping ids that are sent', async () => {
      const first = profileOf(
        await patchProfile(person.headers, {
          emergency_contacts: [
            { name: 'Mum', phone: '+12015550118', relationship: 'Parent' },
            { name: 'Sam', phone: '+12015550119' },
          ],
        }),
      );
      expect(first.emergency_contacts).toEqual([
        { id: expect.any(String), name: 'Mum', phone: '+12015550118', relationship: 'Parent' },
        { id: expect.any(String), name: 'Sam', phone: '+12015550119', relationship: 'Emergency Contact' },
      ]);
      const [mum] = first.emergency_contacts;
      expect(mum!.id).toMatch(/^\d{13}/);
      const second = profileOf(
        await patchProfile(person.headers, {
          emergency_contacts: [{ ...mum!, name: 'Mother' }],
        }),
      );
      expect(second.emergency_contacts).toEqual([{ ...mum!, name: 'Mother' }]);
      expect(
        profileOf(await patchProfile(person.headers, { emergency_contacts: [] })).emergency_contacts,
      ).toEqual([]);
    });

    it('keeps the sign-in address when the profile e-mail changes (profile e-mail is display-only)', async () => {
      const profile = profileOf(await patchProfile(person.headers, { email: 'Shown@Example.test' }));
      expect(profile.email).toBe('shown@example.test');
      const { rows } = await sut.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        person.id,
      ]);
      expect(rows[0]?.email).toBe(person.email);
    });

    it('creates the row from defaults plus the payload when none exists', async () => {
      const someone = await signUpViaApi(sut, { fullName: 'Nora Row' });
      await sut.db.query('DELETE FROM profiles WHERE id = $1', [someone.id]);
      const profile = profileOf(await patchProfile(someone.headers, { phone: '+12025550000' }));
      expect(profile).toMatchObject({ full_name: 'Nora Row', email: someone.email, phone: '+12025550000' });
    });

    it('stores the browser’s time zone, and names the field when refusing a bad one', async () => {
      expect(profileOf(await patchProfile(person.headers, { time_zone: 'America/New_York' })).time_zone).toBe(
        'America/New_York',
      );
      const res = await patchProfile(person.headers, { time_zone: 'Not/AZone' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'time_zone' });
      expect(profileOf(await getProfile(person.headers)).time_zone).toBe('America/New_York');
    });

    it('keeps the time zone sent at sign-up', async () => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          email: 'zone-at-signup@example.test',
          password: 'blue-harbour-lantern-42',
          data: { full_name: 'Zoe Zone', time_zone: 'Europe/London' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const token = (res.json() as { access_token: string }).access_token;
      expect(profileOf(await getProfile({ authorization: `Bearer ${token}` })).time_zone).toBe(
        'Europe/London',
      );
    });

    it('an empty patch changes nothing but answers the profile', async () => {
      const before = profileOf(await getProfile(person.headers));
      const after = profileOf(await patchProfile(person.headers, {}));
      expect({ ...after, updated_at: before.updated_at }).toEqual(before);
    });

    const LONG = (n: number): string => 'a'.repeat(n);
    const contact = (over: object): object => ({ name: 'Mum', phone: '+12015550118', ...over });
    it.each([
      [{ full_name: 'A' }, 'Full name is required'],
      [{ full_name: '   ' }, 'Full name is required'],
      [{ full_name: LONG(101) }, 'Full name must be less than 100 characters'],
      [{ full_name: 'Bob <b>' }, 'Full name contains invalid characters'],
      [{ full_name: 'Tom & Jerry' }, 'Full name contains invalid characters'],
      [{ full_name: "O'Brien" }, 'Full name contains invalid characters'],
      [{ full_name: 'Say "hi"' }, 'Full name contains invalid characters'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ email: 'a b@c.de' }, 'Invalid email address'],
      [{ email: `${LONG(250)}@example.test` }, 'Email must be less than 255 characters'],
      [{ phone: '12345' }, 'Phone number must be at least 7 digits'],
      [{ phone: '+1234567890123456' }, 'Phone number must be at most 15 digits'],
      [{ phone: '+0123456789' }, 'Phone number must be in E.164 format (+1234567890)'],
      [
        { phone: '555-123-4567' },
        'Start the phone number with + and its country code (for example +44 7400 123456)',
      ],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone such as America/New_York'],
      [{ time_zone: '+05:00' }, 'Time zone must be an IANA time zone such as America/New_York'],
      [{ time_zone: '' }, 'Time zone must be an IANA time zone such as America/New_York'],
      [{ time_zone: 42 }, 'Time zone must be an IANA time zone such as America/New_York'],
      [{ emergency_contacts: [contact({ name: 'A' })] }, 'Name must be at least 2 characters'],
      [
        { emergency_contacts: [contact({ name: ` ${LONG(101)} ` })] },
        'Name must be less than 100 characters',
      ],
      [{ emergency_contacts: [contact({ name: 'Mum <3' })] }, 'Name contains invalid characters'],
      [
        { emergency_contacts: [contact({ relationship: 'Fam & friends' })] },
        'Relationship contains invalid characters',
      ],
      [{ emergency_contacts: [contact({ phone: '123' })] }, 'Phone number must be at least 7 digits'],
      [
        { emergency_contacts: [contact({ phone: 'call me maybe' })] },
        'Phone number must be in E.164 format (+1234567890)',
      ],
    ])('rejects %j with 400 %j', async (payload, message) => {
      const before = profileOf(await getProfile(person.headers));
      const res = await patchProfile(person.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
      expect(profileOf(await getProfile(person.headers))).toEqual(before);
    });

    it.each([
      [{ id: 'mine' }],
      [{ user_id: 'someone-else' }],
      [{ location_sharing_enabled: 'yes' }],
      [{ settings: { emergencyContacts: 'off' } }],
      [{ emergency_contacts: 'Mum' }],
    ])('rejects %j (unknown or mistyped fields) with 400', async (payload) => {
      const res = await patchProfile(person.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    });
  });

  describe('denials', () => {
    it.each([['GET'], ['PATCH']] as const)(
      '%s without a token answers 401 Not authenticated',
      async (method) => {
        for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Token abc' }]) {
          const res = await sut.app.inject({
            method,
            url: '/api/profile',
            headers,
            payload: method === 'PATCH' ? {} : undefined,
          });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ error: 'not_authenticated', message: 'Not authenticated' });
        }
      },
    );

    it('answers 401 before validating the body of an anonymous PATCH', async () => {
      const res = await patchProfile({}, { full_name: 'A' });
      expect(res.statusCode).toBe(401);
    });

    it("user B's token never reads or changes A's profile", async () => {
      const alice = await signUpViaApi(sut, { fullName: 'Alice Private' });
      await patchProfile(alice.headers, {
        phone: '+12015550109',
        emergency_contacts: [{ name: 'Alice Mum', phone: '+12015550110' }],
      });
      const bob = await createTestUser(sut, 'Bob Other');
      const bobView = profileOf(await getProfile(bob.headers));
      expect(bobView.id).toBe(bob.id);
      expect(JSON.stringify(bobView)).not.toContain('Alice');
      expect(JSON.stringify(bobView)).not.toContain('+1555010101');
      // Query-string and body ids are ignored or rejected: there is no way to name another profile.
      const viaQuery = profileOf(await getProfile({ ...bob.headers, 'x-user-id': alice.id }));
      expect(viaQuery.id).toBe(bob.id);
      const viaUrl = await sut.app.inject({
        method: 'GET',
        url: `/api/profile?id=${alice.id}`,
        headers: bob.headers,
      });
      expect(ProfileSchema.parse(viaUrl.json()).id).toBe(bob.id);
      expect((await patchProfile(bob.headers, { id: alice.id, full_name: 'Hijacked' })).statusCode).toBe(400);
      profileOf(await patchProfile(bob.headers, { full_name: 'Bob Changed', emergency_contacts: [] }));
      const aliceView = profileOf(await getProfile(alice.headers));
      expect(aliceView).toMatchObject({ full_name: 'Alice Private', phone: '+12015550109' });
      expect(aliceView.emergency_contacts).toHaveLength(1);
    });

    it('a signed-out session cannot read the profile', async () => {
      const person = await signUpViaApi(sut);
      await sut.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.headers });
      expect((await getProfile(person.headers)).statusCode).toBe(401);
    });
  });
});
