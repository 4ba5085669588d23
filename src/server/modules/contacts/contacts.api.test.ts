import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EMERGENCY_CONTACTS, SMS_CAPS } from '#shared/constants';
import type { ContactListResponse } from '#shared/schemas/contact-api';
import type { EmergencyContact } from '#shared/schemas/profile';
import { ERRORS, FIELD_ISSUE_TEXTS, SMS_ABUSE_TEXTS, VALIDATION } from '#shared/texts';
import { PHONE_TEXTS } from '#shared/contact-texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';

describe('emergency contacts API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const add = (user: TestUser, payload: Record<string, unknown>) =>
    sut.app.inject({ method: 'POST', url: '/api/contacts', headers: user.headers, payload });
  const list = async (user: TestUser): Promise<EmergencyContact[]> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers });
    const { contacts } = res.json<ContactListResponse>();
    // Nothing is ever texted here, so no contact's texts are failing (text-failures.api.test.ts flags one).
    expect(contacts.map((contact) => contact.text_failure)).toEqual(contacts.map(() => null));
    return contacts.map(({ text_failure: _failure, ...contact }) => contact);
  };

  it('adds, lists, edits and deletes a contact', async () => {
    const user = await createTestUser(sut);
    expect(await list(user)).toEqual([]);

    const created = await add(user, { name: '  Alex Doe ', phone: ' +12015550120 ', relationship: 'Family' });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toEqual({
      id: String(sut.clock.now().getTime()),
      name: 'Alex Doe',
      phone: '+12015550120',
      relationship: 'Family',
    });

    const edited = await sut.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      headers: user.headers,
      payload: { phone: '+12015550131' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...contact, phone: '+12015550131' });
    expect(await list(user)).toEqual([{ ...contact, phone: '+12015550131' }]);

    const deleted = await sut.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${contact.id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await list(user)).toEqual([]);
  });

  it.each(['(704) 555-0100', '+1 704 555 0100', '704-555-0100'])(
    'stores %j, typed with spaces and brackets, as +17045550100',
    async (typed) => {
      const user = await createTestUser(sut);
      const created = await add(user, { name: 'Typed Number', phone: typed });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().phone).toBe('+17045550100');
      expect((await list(user)).map((contact) => contact.phone)).toEqual(['+17045550100']);
    },
  );

  it('asks for the country code of a national number that is not a US or Canada number', async () => {
    const user = await createTestUser(sut);
    const refused = await add(user, { name: 'Somewhere Else', phone: '07400 123456' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'validation_failed', field: 'phone' });
    expect(refused.json().message).toContain('country code');
    expect(await list(user)).toEqual([]);
  });

  it('defaults the relationship to Emergency Contact, keeps the order of adding, and gives unique ids', async () => {
    const user = await createTestUser(sut);
    // The manual clock does not move: every id is made in the same millisecond.
    for (const name of ['First One', 'Second One', 'Third One']) {
      expect((await add(user, { name, phone: '+12015550120' })).statusCode).toBe(201);
    }
    const contacts = await list(user);
    expect(contacts.map((c) => c.name)).toEqual(['First One', 'Second One', 'Third One']);
    expect(contacts.every((c) => c.relationship === 'Emergency Contact')).toBe(true);
    expect(new Set(contacts.map((c) => c.id)).size).toBe(3);
  });

  it.each([
    [{ name: 'A', phone: '+12015550120' }, VALIDATION.nameTooShort],
    [{ name: 'x'.repeat(101), phone: '+12015550120' }, VALIDATION.nameTooLong],
    [{ name: 'Bob <b>', phone: '+12015550120' }, VALIDATION.nameInvalid],
    [{ phone: '+12015550120' }, VALIDATION.nameTooShort],
    [{ name: 'Bob Smith', phone: '+1555' }, VALIDATION.phoneTooShort],
    [{ name: 'Bob Smith', phone: '+1555123456789012' }, VALIDATION.phoneTooLong],
    [{ name: 'Bob Smith', phone: '+0551234567' }, VALIDATION.phoneFormat],
    [{ name: 'Bob Smith', phone: '555-123-4567' }, PHONE_TEXTS.needsCountryCode],
    [{ name: 'Bob Smith' }, VALIDATION.phoneFormat],
    [{ name: 'Bob Smith', phone: '+12015550120', relationship: 'X' }, VALIDATION.relationshipTooShort],
    [
      { name: 'Bob Smith', phone: '+12015550120', relationship: 'y'.repeat(51) },
      VALIDATION.relationshipTooLong,
    ],
    [
      { name: 'Bob Smith', phone: '+12015550120', relationship: 'Friend & co' },
      VALIDATION.relationshipInvalid,
    ],
    [{ name: 'Bob\u0000Smith', phone: '+12015550120' }, FIELD_ISSUE_TEXTS.unstorableText('Name')],
  ])('rejects %j with its message', async (payload, message) => {
    const user = await createTestUser(sut);
    const res = await add(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    expect(await list(user)).toEqual([]);
  });

  it('validates edits the same way and needs at least one field', async () => {
    const user = await createTestUser(sut);
    const contact = (
      await add(user, { name: 'Bob Smith', phone: '+12015550120', relationship: 'Friend' })
    ).json();
    const patch = (payload: Record<string, string>) =>
      sut.app.inject({ method: 'PATCH', url: `/api/contacts/${contact.id}`, headers: user.headers, payload });
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: 'B' }, VALIDATION.nameTooShort],
      [{ phone: 'abcdefgh' }, VALIDATION.phoneFormat],
      [{ relationship: '"Pal"' }, VALIDATION.relationshipInvalid],
      [{}, FIELD_ISSUE_TEXTS.withField(FIELD_ISSUE_TEXTS.body, VALIDATION.contactPatchEmpty)],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A partial edit leaves the other fields alone (the relationship is not reset to its default).
    expect((await patch({ name: 'Robert Smith' })).json()).toEqual({ ...contact, name: 'Robert Smith' });
  });

  it(`caps the list at ${MAX_EMERGENCY_CONTACTS} contacts`, async () => {
    const user = await createTestUser(sut);
    await sut.db.query(
      `INSERT INTO emergency_contacts (user_id, id, name, phone, position)
       SELECT $1, 'c' || n, 'Contact ' || n, '+1555123' || lpad(n::text, 4, '0'), n
       FROM generate_series(1, $2::int) AS n`,
      [user.id, MAX_EMERGENCY_CONTACTS],
    );
    const res = await add(user, { name: 'One Too Many', phone: '+12015550120' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'too_many_contacts', message: ERRORS.tooManyContacts });
  });

  it('loses nothing when two devices add contacts at the same time', async () => {
    const user = await createTestUser(sut);
    const names = ['Ann Smith', 'Ben Smith', 'Cat Smith', 'Dan Smith', 'Eve Smith'];
    const results = await Promise.all(names.map((name) => add(user, { name, phone: '+12015550120' })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const contacts = await list(user);
    expect(contacts.map((c) => c.name).sort()).toEqual(names);
    expect(new Set(contacts.map((c) => c.id)).size).toBe(names.length);
  });

  it('loses nothing when two devices edit different contacts at the same time', async () => {
    const user = await createTestUser(sut);
    const a = (await add(user, { name: 'Ann Smith', phone: '+12015550117' })).json();
    const b = (await add(user, { name: 'Ben Smith', phone: '+12015550123' })).json();
    const [ra, rb] = await Promise.all([
      sut.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${a.id}`,
        headers: user.headers,
        payload: { name: 'Ann Jones' },
      }),
      sut.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${b.id}`,
        headers: user.headers,
        payload: { phone: '+12015550127' },
      }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(await list(user)).toEqual([
      { ...a, name: 'Ann Jones' },
      { ...b, phone: '+12015550127' },
    ]);
  });

  // libphonenumber's example numbers (src/shared/phone-number-check.test.ts): the one rule, on every write path.
  it.each([
    ['+15551234567', SMS_ABUSE_TEXTS.phoneNotReal],
    ['+447700900123', SMS_ABUSE_TEXTS.phoneNotReal],
    ['+19002345678', SMS_ABUSE_TEXTS.phonePremiumRate],
    ['9002345678', SMS_ABUSE_TEXTS.phonePremiumRate],
    ['+449098765432', SMS_ABUSE_TEXTS.phonePremiumRate],
    ['+33810123456', SMS_ABUSE_TEXTS.phoneSharedCost],
    ['+34901123456', SMS_ABUSE_TEXTS.phoneSharedCost],
  ])('refuses %s on every path that saves a number: %s', async (phone, message) => {
    const user = await createTestUser(sut);
    const refused = { error: 'validation_failed', message };
    const added = await add(user, { name: 'Bob Smith', phone });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ ...refused, field: 'phone' });
    const contact = (await add(user, { name: 'Bob Smith', phone: '+12015550120' })).json();
    const edited = await sut.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      headers: user.headers,
      payload: { phone },
    });
    expect(edited.json()).toEqual({ ...refused, field: 'phone' });
    const profile = (payload: Record<string, unknown>) =>
      sut.app.inject({ method: 'PATCH', url: '/api/profile', headers: user.headers, payload });
    expect((await profile({ emergency_contacts: [{ name: 'Bob Smith', phone }] })).json()).toEqual({
      ...refused,
      field: 'emergency_contacts.0.phone',
    });
    expect((await profile({ phone })).json()).toEqual({ ...refused, field: 'phone' });
    expect(await list(user)).toEqual([contact]);
  });

  describe(`new contact numbers: at most ${SMS_CAPS.newContactNumbersPerDay} a day`, () => {
    const cap = SMS_CAPS.newContactNumbersPerDay;
    const numberNo = (i: number) => `+1201555${String(300 + i).padStart(4, '0')}`;

    it('refuses the next new number with 429 and Retry-After, counting each number once a day', async () => {
      const user = await createTestUser(sut);
      const first = (await add(user, { name: 'Contact Zero', phone: numberNo(0) })).json();
      for (let i = 1; i < cap; i++) {
        expect((await add(user, { name: `Contact ${i}`, phone: numberNo(i) })).statusCode).toBe(201);
      }
      // A number the person already has, or already used today, is not new.
      expect((await add(user, { name: 'Same Number', phone: numberNo(3) })).statusCode).toBe(201);
      const patch = (payload: Record<string, string>) =>
        sut.app.inject({ method: 'PATCH', url: `/api/contacts/${first.id}`, headers: user.headers, payload });
      expect((await patch({ name: 'Renamed Zero' })).statusCode).toBe(200);

      const refusals = [
        await add(user, { name: 'One Too Many', phone: numberNo(cap) }),
        await patch({ phone: numberNo(cap) }),
        await sut.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: user.headers,
          payload: { emergency_contacts: [{ name: 'Swapped In', phone: numberNo(cap) }] },
        }),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ error: 'rate_limited', message: SMS_ABUSE_TEXTS.newContactNumbersCap });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
      }
      expect(await list(user)).toHaveLength(cap + 1);
      expect((await list(user)).map((c) => c.phone)).not.toContain(numberNo(cap));

      // Deleting a contact and adding its number back the same day is not a new number.
      await sut.app.inject({ method: 'DELETE', url: `/api/contacts/${first.id}`, headers: user.headers });
      expect((await add(user, { name: 'Back Again', phone: numberNo(0) })).statusCode).toBe(201);

      // The next day the cap starts again.
      sut.clock.advance(24 * 3_600_000);
      expect(
        (await add(await signInAgain(sut, user), { name: 'Next Day', phone: numberNo(cap) })).statusCode,
      ).toBe(201);
    });

    it('counts per person: another account is not held back', async () => {
      const busy = await createTestUser(sut);
      const other = await createTestUser(sut);
      await sut.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: busy.headers,
        payload: {
          emergency_contacts: Array.from({ length: cap }, (_, i) => ({
            name: `Contact ${i}`,
            phone: numberNo(i),
          })),
        },
      });
      expect((await add(busy, { name: 'One Too Many', phone: numberNo(cap) })).statusCode).toBe(429);
      expect((await add(other, { name: 'Fine Here', phone: numberNo(cap) })).statusCode).toBe(201);
    });
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/contacts'],
      ['POST', '/api/contacts'],
      ['PATCH', '/api/contacts/1'],
      ['DELETE', '/api/contacts/1'],
    ] as const) {
      const res = await sut.app.inject({
        method,
        url,
        payload:
          method === 'POST' || method === 'PATCH' ? { name: 'Bob Smith', phone: '+12015550120' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    }
  });

  it("never shows, edits or deletes another person's contact", async () => {
    const owner = await createTestUser(sut);
    const other = await createTestUser(sut);
    const contact = (await add(owner, { name: 'Bob Smith', phone: '+12015550120' })).json();

    expect(await list(other)).toEqual([]);
    const patch = await sut.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      headers: other.headers,
      payload: { name: 'Hacked Name' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
    const del = await sut.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${contact.id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await list(owner)).toEqual([contact]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const user = await createTestUser(sut);
    for (const id of ['123', 'no%20such%20id', 'x'.repeat(80)]) {
      const res = await sut.app.inject({
        method: 'DELETE',
        url: `/api/contacts/${id}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    // A NUL character in an id names no contact either: refused before any handler runs.
    const nul = await sut.app.inject({
      method: 'DELETE',
      url: '/api/contacts/no%00id',
      headers: user.headers,
    });
    expect(nul.statusCode).toBe(404);
  });
});
