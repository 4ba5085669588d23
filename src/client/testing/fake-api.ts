import { vi } from 'vitest';
import type { AuthSession } from '#shared/schemas/auth-session';
import { DEFAULT_PROFILE_SETTINGS, type Profile } from '#shared/schemas/profile';

export type FakeRoute = {
  method: string;
  /** Path with query string, e.g. '/api/auth/token?grant_type=password'. */
  path: string;
  status?: number;
  body?: unknown;
  /** Answered as raw bytes (`application/octet-stream`) instead of JSON `body`: a recording's media. */
  bytes?: Uint8Array<ArrayBuffer>;
};

export type RecordedRequest = { method: string; path: string; body: unknown; authorization: string | null };

/**
 * Replaces global fetch with a router over `routes` (first match wins; unmatched → 404 JSON). `/api/health`
 * answers ok unless a route overrides it. Returns the recorded requests.
 */
export function mockApi(routes: FakeRoute[] = []) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    requests.push({
      method,
      path,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('authorization'),
    });
    const route =
      routes.find((candidate) => candidate.method === method && candidate.path === path) ??
      (path === '/api/health'
        ? {
            method,
            path,
            body: {
              status: 'ok',
              version: '1.0.0',
              database: 'pglite',
              databaseStatus: 'ok',
              sms: { provider: 'dev-outbox', lastOutcome: 'unknown' },
            },
          }
        : null);
    if (!route) return json(404, { error: 'not_found', message: 'Not found' });
    if ('bytes' in route && route.bytes) {
      return new Response(route.bytes, { headers: { 'content-type': 'application/octet-stream' } });
    }
    return json(route.status ?? 200, route.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, routes };
}

function json(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function fakeSession(overrides: Partial<AuthSession> = {}, nowMs: number = Date.now()): AuthSession {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    expires_at: Math.floor(nowMs / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: '00000001-0000-4000-8000-000000000001',
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      email: 'ada@example.org',
      email_confirmed_at: null,
      user_metadata: { full_name: 'Ada Lovelace' },
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    },
    ...overrides,
  };
}

export function fakeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '00000001-0000-4000-8000-000000000001',
    full_name: 'Ada Lovelace',
    email: 'ada@example.org',
    phone: null,
    emergency_contacts: [],
    location_sharing_enabled: true,
    sound_enabled: true,
    settings: { ...DEFAULT_PROFILE_SETTINGS },
    // The test browser's own zone, so the app's time-zone sync has nothing to store.
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    last_chance_minutes: 2,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
