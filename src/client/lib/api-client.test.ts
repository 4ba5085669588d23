import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeSession, mockApi } from '../testing/fake-api';
import { storeSession } from '../testing/render-app';
import { ApiError, apiRequest, noContent } from './api-client';
import { getSession, setSession, subscribeSession } from './session-store';

const Thing = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it('sends the bearer token and parses the answer', async () => {
    storeSession(fakeSession());
    const api = mockApi([{ method: 'GET', path: '/api/thing', body: { ok: true } }]);
    await expect(apiRequest('/api/thing', { schema: Thing })).resolves.toEqual({ ok: true });
    expect(api.requests[0]?.authorization).toBe('Bearer access-1');
  });

  it('turns {error, message} answers into an ApiError with the server message', async () => {
    mockApi([
      { method: 'POST', path: '/api/thing', status: 409, body: { error: 'conflict', message: 'Taken' } },
    ]);
    const failure = apiRequest('/api/thing', { method: 'POST', body: {}, schema: noContent });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'conflict', message: 'Taken' });
  });

  it('signs the person out cleanly on a 401', async () => {
    storeSession(fakeSession());
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    mockApi([
      {
        method: 'GET',
        path: '/api/profile',
        status: 401,
        body: { error: 'not_authenticated', message: 'Not authenticated' },
      },
    ]);
    await expect(apiRequest('/api/profile', { schema: Thing })).rejects.toMatchObject({
      status: 401,
      message: 'Not authenticated',
    });
    expect(getSession()).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps a session that was refreshed while an old-token request was in flight', async () => {
    storeSession(fakeSession());
    const api = mockApi();
    api.fetchMock.mockImplementation(async () => {
      setSession(fakeSession({ access_token: 'access-2' }));
      return new Response(JSON.stringify({ error: 'not_authenticated', message: 'Not authenticated' }), {
        status: 401,
      });
    });
    await expect(apiRequest('/api/profile', { schema: Thing })).rejects.toBeInstanceOf(ApiError);
    expect(getSession()?.access_token).toBe('access-2');
  });

  it('does not sign anyone out for a 401 on a request sent without a token', async () => {
    storeSession(fakeSession());
    mockApi([
      {
        method: 'POST',
        path: '/api/auth/token?grant_type=password',
        status: 401,
        body: { error: 'invalid_credentials', message: 'Invalid login credentials' },
      },
    ]);
    await expect(
      apiRequest('/api/auth/token?grant_type=password', {
        method: 'POST',
        body: {},
        schema: Thing,
        auth: false,
      }),
    ).rejects.toMatchObject({ message: 'Invalid login credentials' });
    expect(getSession()).not.toBeNull();
  });

  it('reports network failures as status 0 with a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/thing', { schema: Thing })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('rejects answers that do not match the schema', async () => {
    mockApi([{ method: 'GET', path: '/api/thing', body: { ok: 'yes' } }]);
    await expect(apiRequest('/api/thing', { schema: Thing })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
