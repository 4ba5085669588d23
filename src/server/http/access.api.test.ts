import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/texts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser, type TestUser } from '../testing/test-users';
import { apiRoutes, concreteUrl } from '../testing/route-list';
import { ACCESS_RULES, callerOf, registerAccessControl, unconfirmedCallerOf } from './access';

describe('access rules, declared per route and enforced in one place', () => {
  let sut: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    sut = await createTestApp();
    user = await createTestUser(sut);
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('every registered route declares a known rule', () => {
    const routes = sut.app.registeredRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes.filter((route) => !ACCESS_RULES.includes(route.access!));
    expect(undeclared).toEqual([]);
  });

  it('an app with a route that declares nothing refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, { readToken: async () => null, isLive: async () => false });
    app.get('/api/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow('Routes without an access rule: GET /api/forgotten');
    await app.close();
  });

  it('answers an anonymous caller of every signed-in route 401 before any validation', async () => {
    const signedIn = apiRoutes(sut.app.registeredRoutes()).filter((route) => route.access === 'signed-in');
    expect(signedIn.length).toBeGreaterThan(15);
    for (const route of signedIn) {
      for (const authorization of [undefined, 'Bearer not-a-token', 'Basic abc']) {
        const res = await sut.app.inject({
          method: route.method as 'GET',
          // Malformed in every part: a non-UUID id, a bad query and a body no schema accepts.
          url: `${concreteUrl(route.url, 'not-an-id')}?userId=%00&grant_type=x`,
          headers: authorization ? { authorization } : {},
          ...(route.method === 'GET' ? {} : { payload: { '<script>': null } }),
        });
        expect([route.method, route.url, res.statusCode], JSON.stringify(res.json())).toEqual([
          route.method,
          route.url,
          401,
        ]);
        expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
      }
    }
  });

  it('a route that confirms the session in its write skips the session read, and only it may hold such a caller', async () => {
    const app = Fastify();
    const sessionReads: string[] = [];
    registerAccessControl(app, {
      readToken: async (token) => ({ userId: 'u', sessionId: token, email: 'e@example.com' }),
      isLive: async (auth) => {
        sessionReads.push(auth.sessionId);
        return true;
      },
    });
    const config = { access: 'signed-in', confirmsSessionInWrite: true } as const;
    app.post('/in-write', { config }, (request) => ({ caller: unconfirmedCallerOf(request).sessionId }));
    app.post('/in-write-misread', { config }, (request) => ({ caller: callerOf(request).sessionId }));
    app.post('/hook', { config: { access: 'signed-in' } }, (request) => unconfirmedCallerOf(request));
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${url.slice(1)}` } });

    // The hook did not read the session: the handler's write is what must refuse it.
    expect((await post('/in-write')).json()).toEqual({ caller: 'in-write' });
    expect(sessionReads).toEqual([]);
    // Handing such a caller out as confirmed is a programming error, whatever the session's state.
    expect((await post('/in-write-misread')).statusCode).toBe(500);
    // An ordinary route's session was read by the hook, and its handler may not treat it as unconfirmed.
    expect((await post('/hook')).statusCode).toBe(500);
    expect(sessionReads).toEqual(['hook']);
    await app.close();
  });

  it('a public route is reachable without a token', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers Cache-Control: no-store on every API answer unless a route says otherwise', async () => {
    const reads = apiRoutes(sut.app.registeredRoutes()).filter(
      (route) => route.method === 'GET' && !route.url.startsWith('/api/docs'),
    );
    for (const route of reads) {
      const res = await sut.app.inject({ method: 'GET', url: concreteUrl(route.url), headers: user.headers });
      expect([route.url, res.headers['cache-control']]).toEqual([route.url, 'no-store']);
    }
    const profile = await sut.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
  });
});
