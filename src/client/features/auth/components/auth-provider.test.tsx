import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH } from '#shared/constants';
import { apiRequest, noContent } from '../../../lib/api-client';
import { getSession } from '../../../lib/session-store';
import { fakeSession, mockApi, type FakeRoute } from '../../../testing/fake-api';
import { storeSession } from '../../../testing/render-app';
import { useAuthStatus } from '../hooks/auth-status-context';
import { useSession } from '../hooks/use-session';
import { AuthProvider } from './auth-provider';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const REFRESH_PATH = '/api/auth/token?grant_type=refresh_token';

function Probe() {
  const status = useAuthStatus();
  const session = useSession();
  return (
    <p>
      {status}:{session ? session.access_token : 'signed-out'}
    </p>
  );
}

function refreshRoute(overrides: Partial<FakeRoute> = {}): FakeRoute {
  return {
    method: 'POST',
    path: REFRESH_PATH,
    body: fakeSession({ access_token: 'access-2', refresh_token: 'refresh-2' }, NOW + 90_000),
    ...overrides,
  };
}

describe('AuthProvider session refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes on the first 30 s check that finds fewer than the leeway seconds left', async () => {
    // 200 s left: checks at 30 s (170 left) and 60 s (140 left) wait; the 90 s check (110 left) refreshes.
    storeSession(fakeSession({ expires_at: NOW / 1000 + 200 }, NOW));
    const api = mockApi([refreshRoute()]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('ready:access-1')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(AUTH.refreshCheckIntervalMs * 2));
    expect(api.requests).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(AUTH.refreshCheckIntervalMs));
    expect(api.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: REFRESH_PATH, body: { refresh_token: 'refresh-1' } }),
    ]);
    expect(screen.getByText('ready:access-2')).toBeInTheDocument();
    expect(getSession()?.refresh_token).toBe('refresh-2');
  });

  it('refreshes a stale stored session before showing anything', async () => {
    storeSession(fakeSession({ expires_at: NOW / 1000 - 10 }, NOW));
    mockApi([refreshRoute()]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('checking:access-1')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('ready:access-2')).toBeInTheDocument();
  });

  it('holds requests until a stale session is renewed, so none is refused and signs the person out', async () => {
    storeSession(fakeSession({ expires_at: NOW / 1000 - 10 }, NOW));
    const api = mockApi([refreshRoute(), { method: 'POST', path: '/api/locations', status: 204 }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    // Sent as the screen shows, while the renewal is under way.
    const upload = apiRequest('/api/locations', { method: 'POST', body: {}, schema: noContent });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await upload;
    expect(api.requests.map((request) => request.path)).toEqual([REFRESH_PATH, '/api/locations']);
    expect(api.requests[1]?.authorization).toBe('Bearer access-2');
  });

  it('does not hold an alert: it goes at once with the token the phone holds', async () => {
    storeSession(fakeSession({ expires_at: NOW / 1000 - 10 }, NOW));
    const api = mockApi([refreshRoute(), { method: 'POST', path: '/api/alerts', status: 204 }]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await apiRequest('/api/alerts', { method: 'POST', body: {}, schema: noContent, signOutOn401: false });
    expect(api.requests.find((request) => request.path === '/api/alerts')?.authorization).toBe(
      'Bearer access-1',
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
  });

  it('signs out cleanly when the server refuses the refresh token', async () => {
    storeSession(fakeSession({ expires_at: NOW / 1000 + 60 }, NOW));
    mockApi([
      refreshRoute({
        status: 401,
        body: { error: 'invalid_refresh_token', message: 'Invalid Refresh Token' },
      }),
    ]);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('ready:signed-out')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('keeps the session through a network failure and retries on the next check', async () => {
    storeSession(fakeSession({ expires_at: NOW / 1000 + 100 }, NOW));
    const api = mockApi([refreshRoute()]);
    const working = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('ready:access-1')).toBeInTheDocument();

    api.fetchMock.mockImplementation(working);
    await act(() => vi.advanceTimersByTimeAsync(AUTH.refreshCheckIntervalMs));
    expect(screen.getByText('ready:access-2')).toBeInTheDocument();
  });
});
