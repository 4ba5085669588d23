import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNEY_WATCH } from '#shared/constants';
import type { CheckIn, EscortSession } from '#shared/schemas/journey';
import { DeviceProvider } from '../../../lib/device/device-context';
import { fakeSession, mockApi, type FakeRoute } from '../../../testing/fake-api';
import { createFakeDevice } from '../../../testing/fake-device';
import { testQueryClient } from '../../../testing/render-app';
import { journeyKeys } from '../api/journey-keys';
import { useJourneyHeartbeat } from './use-journey-heartbeat';

const USER_ID = fakeSession().user.id;

function checkIn(status: CheckIn['status']): CheckIn {
  const now = new Date().toISOString();
  return {
    id: '0000000c-0000-4000-8000-000000000001',
    user_id: USER_ID,
    status,
    interval_minutes: 30,
    started_at: now,
    next_due_at: now,
    last_checked_in_at: null,
    stopped_at: null,
    missed_at: null,
    alert_id: null,
  };
}

function setup({
  checkin = null,
  escort = null,
  heartbeat = { status: 200, body: { journeys: 1 } },
}: {
  checkin?: CheckIn | null;
  escort?: EscortSession | null;
  heartbeat?: { status: number; body: unknown };
} = {}) {
  const routes: FakeRoute[] = [
    { method: 'GET', path: '/api/checkins/active', body: { checkin } },
    { method: 'GET', path: '/api/escort-sessions/active', body: { session: escort } },
    { method: 'POST', path: '/api/journeys/heartbeat', ...heartbeat },
  ];
  const api = mockApi(routes);
  const queryClient = testQueryClient();
  const device = createFakeDevice({ battery: 0.42 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <DeviceProvider adapters={device}>{children}</DeviceProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => useJourneyHeartbeat(USER_ID), { wrapper });
  const beats = () =>
    api.requests.filter((request) => request.method === 'POST' && request.path === '/api/journeys/heartbeat');
  return { ...view, api, routes, queryClient, beats };
}

beforeEach(() => {
  // Advancing on its own too, so Testing Library's waitFor (real-time polling) works.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
});

describe('the journey heartbeat', () => {
  it('sends nothing while no journey is active', async () => {
    const { beats, api } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/checkins/active')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(3 * JOURNEY_WATCH.heartbeatMs));
    expect(beats()).toHaveLength(0);
  });

  it('beats once when a check-in is active, then every heartbeatMs with the battery, until it ends', async () => {
    const { beats, queryClient } = setup({ checkin: checkIn('active') });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(beats()).toHaveLength(1));
    expect(beats()[0]?.body).toEqual({ battery: 42 });

    await act(() => vi.advanceTimersByTimeAsync(JOURNEY_WATCH.heartbeatMs));
    expect(beats()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(JOURNEY_WATCH.heartbeatMs));
    expect(beats()).toHaveLength(3);

    // Stopped (e.g. Stop Check-in set the cached check-in): no more beats.
    act(() => queryClient.setQueryData(journeyKeys.activeCheckIn(USER_ID), checkIn('stopped')));
    await act(() => vi.advanceTimersByTimeAsync(3 * JOURNEY_WATCH.heartbeatMs));
    expect(beats()).toHaveLength(3);
  });

  it('starts beating as soon as a journey starts, and a failed beat just waits for the next', async () => {
    const { beats, queryClient } = setup({
      heartbeat: { status: 503, body: { error: 'database_unavailable', message: 'Try again' } },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(beats()).toHaveLength(0);
    act(() => queryClient.setQueryData(journeyKeys.activeCheckIn(USER_ID), checkIn('active')));
    await waitFor(() => expect(beats()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(JOURNEY_WATCH.heartbeatMs));
    expect(beats()).toHaveLength(2);
  });

  it('beats during an escort too', async () => {
    const { beats } = setup({
      escort: {
        id: '0000000e-0000-4000-8000-000000000001',
        user_id: USER_ID,
        status: 'active',
        destination_address: 'Home',
        estimated_duration_minutes: 30,
        started_at: new Date().toISOString(),
        deadline_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        completed_at: null,
        expired_at: null,
        alert_id: null,
        route: [],
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(beats()).toHaveLength(1));
  });
});
