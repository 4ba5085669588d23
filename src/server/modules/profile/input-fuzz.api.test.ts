import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MALFORMED_BODIES, expectHandled, mutations } from '../../testing/malformed-requests';
import { signUpViaApi, type SignedUpUser } from '../../testing/test-auth';

describe('profile endpoints never answer 500 to malformed input', () => {
  let sut: TestApp;
  let person: SignedUpUser;
  beforeAll(async () => {
    sut = await createTestApp();
    person = await signUpViaApi(sut);
  });
  afterAll(() => sut?.close());

  const valid = {
    full_name: 'Fuzz Person',
    email: 'fuzz@example.test',
    phone: '+15551234567',
    location_sharing_enabled: true,
    sound_enabled: false,
    settings: { emergencyAlerts: false, shareLocation: true },
    emergency_contacts: [{ id: '1700000000000', name: 'Mum', phone: '+15551230001', relationship: 'Parent' }],
  };

  it('PATCH /api/profile with malformed bodies', async () => {
    for (const raw of MALFORMED_BODIES) {
      const res = await sut.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...person.headers, 'content-type': raw.contentType },
        payload: raw.payload,
      });
      expectHandled(res, raw.label);
    }
  });

  it('PATCH /api/profile with every field mutated', async () => {
    for (const { label, body } of mutations(valid)) {
      const res = await sut.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: person.headers,
        payload: body as object,
      });
      expectHandled(res, label);
    }
  });

  it('PATCH /api/profile with mutated contacts', async () => {
    const [contact] = valid.emergency_contacts;
    const lists: unknown[] = [
      [null],
      [42],
      ['Mum'],
      [[contact]],
      Array.from({ length: 500 }, () => contact),
      [contact, contact],
      ...mutations(contact!).map(({ body }) => [body]),
    ];
    for (const [index, list] of lists.entries()) {
      const res = await sut.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: person.headers,
        payload: { emergency_contacts: list },
      });
      expectHandled(res, `contacts #${index}`);
    }
  });

  it('GET /api/profile ignores odd query strings and bodies', async () => {
    for (const url of ['/api/profile?id=1', '/api/profile?id[]=x&__proto__[a]=1', '/api/profile?%00=%00']) {
      expectHandled(await sut.app.inject({ method: 'GET', url, headers: person.headers }), url);
    }
  });

  it('anonymous PATCH bodies all answer 401', async () => {
    for (const raw of MALFORMED_BODIES) {
      const res = await sut.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { 'content-type': raw.contentType },
        payload: raw.payload,
      });
      expect(res.statusCode, raw.label).toBe(401);
    }
  });
});
