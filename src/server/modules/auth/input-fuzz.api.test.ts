import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MALFORMED_BODIES, expectHandled, mutations } from '../../testing/malformed-requests';
import { TEST_PASSWORD, signUpViaApi, type SignedUpUser } from '../../testing/test-auth';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

describe('auth endpoints never answer 500 to malformed input', () => {
  let sut: TestApp;
  let person: SignedUpUser;
  beforeAll(async () => {
    sut = await createTestApp({ AUTH_MAX_REQUESTS_PER_ADDRESS: '100000', AUTH_MAX_FAILED_SIGNINS: '100000' });
    person = await signUpViaApi(sut);
  });
  afterAll(() => sut?.close());

  const endpoints: Array<{ method: Method; url: string; valid: Record<string, unknown>; auth?: boolean }> = [
    {
      method: 'POST',
      url: '/api/auth/signup',
      valid: {
        email: 'fuzz-signup@example.test',
        password: TEST_PASSWORD,
        data: { full_name: 'Fuzz Person' },
      },
    },
    {
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      valid: { email: 'a@b.co', password: TEST_PASSWORD },
    },
    { method: 'POST', url: '/api/auth/token?grant_type=refresh_token', valid: { refresh_token: 'abc' } },
    { method: 'POST', url: '/api/auth/recover', valid: { email: 'a@b.co' } },
    { method: 'POST', url: '/api/auth/verify', valid: { type: 'recovery', token: 'abc' } },
    { method: 'POST', url: '/api/auth/logout', valid: {}, auth: false },
    { method: 'PUT', url: '/api/auth/user', valid: { data: { full_name: 'Fuzzed Name' } }, auth: true },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.url}`, async () => {
      const headers = endpoint.auth ? person.headers : {};
      for (const raw of MALFORMED_BODIES) {
        const res = await sut.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { ...headers, 'content-type': raw.contentType },
          payload: raw.payload,
        });
        expectHandled(res, raw.label);
      }
      for (const { label, body } of mutations(endpoint.valid)) {
        const res = await sut.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers,
          payload: body as object,
        });
        expectHandled(res, label);
      }
    });
  }

  it('GET /api/auth/verify with odd query strings', async () => {
    const queries = [
      '',
      '?type=signup',
      '?token=abc',
      '?type=recovery&token=abc',
      '?type=signup&token=',
      '?type=signup&token=a&token=b',
      '?type[]=signup&token=a',
      `?type=signup&token=${'t'.repeat(5000)}`,
      '?type=signup&token=%00',
      '?type=signup&token=%E0%A4%A',
      '?type=signup&token=%F0%9F%92%A5',
      '?type=%00&token=%00',
      '?__proto__[x]=1&type=signup&token=a',
    ];
    for (const query of queries) {
      expectHandled(await sut.app.inject({ method: 'GET', url: `/api/auth/verify${query}` }), query);
    }
  });

  it('GET /api/auth/user with odd authorization headers', async () => {
    const headers = [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(8000)}`,
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      `Bearer ${person.session.access_token}x`,
      'bearer lowercase',
      'Basic dXNlcjpwYXNz',
    ];
    for (const authorization of headers) {
      const res = await sut.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization } });
      expectHandled(res, authorization.slice(0, 40));
      expect(res.statusCode).toBe(401);
    }
  });

  // Last: a mutation that happens to be valid deletes the account, which is fine for this test.
  it('DELETE /api/auth/user', async () => {
    for (const raw of MALFORMED_BODIES) {
      const res = await sut.app.inject({
        method: 'DELETE',
        url: '/api/auth/user',
        headers: { ...person.headers, 'content-type': raw.contentType },
        payload: raw.payload,
      });
      expectHandled(res, raw.label);
    }
    for (const { label, body } of mutations({ confirmation: 'DELETE' })) {
      const res = await sut.app.inject({
        method: 'DELETE',
        url: '/api/auth/user',
        headers: person.headers,
        payload: body as object,
      });
      expectHandled(res, label);
    }
  });
});
