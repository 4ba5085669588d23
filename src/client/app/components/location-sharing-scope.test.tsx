import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_TRACKING } from '#shared/constants';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import type { DevicePermissionState } from '../../lib/device/permissions';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { renderWithProviders, storeSession, testQueryClient } from '../../testing/render-app';
import { alertKeys } from '../../features/sos/api/alert-keys';
import { fakeAlert } from '../../testing/fake-alert';
import type { AlertDetail } from '#shared/schemas/alert';
import { readOfflineEmergencyData, saveOfflineShareLocation } from '../../lib/offline-emergency-data';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { locationOutboxKind } from '../../features/tracking/api/location-outbox';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { sharingPlan, sharingState } from '../hooks/use-location-sharing-state';

const USER = fakeSession().user.id;

function alertDetail(): AlertDetail {
  return {
    alert: fakeAlert(),
    emergencyContacts: 0,
    deliveries: [],
    summary: { successful: 0, total: 0 },
    responses: [],
    timeline: [],
  };
}

const ingestOk = { method: 'POST', path: '/api/locations', body: { stored: 1, checked: 0, sharing: true } };

function setup({
  sharing = true,
  permission = 'granted',
}: { sharing?: boolean; permission?: DevicePermissionState } = {}) {
  storeSession(fakeSession());
  const api = mockApi([
    { method: 'GET', path: '/api/profile', body: fakeProfile({ location_sharing_enabled: sharing }) },
    ingestOk,
  ]);
  const device: FakeDevice = createFakeDevice({ battery: 0.42 });
  device.permissionStates.location = permission;
  // Every answer the app was given about the permission, so a test can wait until the app has acted on them.
  const permissionAnswers: Array<Promise<unknown>> = [];
  const query = device.permissions.query;
  device.permissions.query = (asked) => {
    const answer = query(asked);
    permissionAnswers.push(answer);
    return answer;
  };
  renderWithProviders(<ProfileStatus />, { device });
  const posts = () =>
    api.requests.filter((request) => request.method === 'POST' && request.path === '/api/locations');
  return { api, device, posts, permissionAnswers };
}

/**
 * A screen that shows the profile query's state without fetching it. It hears of each answer in the same
 * notification as the location tracker, so once it shows one, the tracker has rendered with it too.
 */
function ProfileStatus() {
  const { status } = useQuery({ ...profileQueryOptions(USER), enabled: false });
  return <p>profile {status}</p>;
}

/** The latitudes of every reading posted so far, in the order they were sent. */
function postedLatitudes(posts: () => Array<{ body: unknown }>): number[] {
  return posts()
    .flatMap((post) => (post.body as { readings: Array<{ latitude: number }> }).readings)
    .map((reading) => reading.latitude);
}

describe('live location sharing from this device', () => {
  it('watches the position and posts each accepted reading with battery and online flag', async () => {
    const { device, posts } = setup();
    await waitFor(() => expect(device.watcherCount()).toBe(1));

    act(() =>
      device.emitPosition({ latitude: 51.5, longitude: -0.12, accuracy: 8, timestamp: 1_700_000_000_000 }),
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      readings: [
        {
          latitude: 51.5,
          longitude: -0.12,
          accuracy: 8,
          speed: null,
          heading: null,
          altitude: null,
          timestamp: 1_700_000_000_000,
          battery: 42,
          online: true,
        },
      ],
    });
    expect(posts()[0]?.authorization).toBe('Bearer access-1');

    // Sooner than half the tracking interval: skipped. The next reading half an interval later is taken; the
    // outbox sends readings oldest first, so one queued before it would have gone out before it or with it.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    act(() => device.emitPosition({ latitude: 51.6, longitude: -0.12 }));
    now += LIVE_TRACKING.intervalMs / 2;
    act(() => device.emitPosition({ latitude: 51.7, longitude: -0.12 }));
    clock.mockRestore();
    await waitFor(() => expect(postedLatitudes(posts)).toContain(51.7));
    expect(postedLatitudes(posts)).toEqual([51.5, 51.7]);
  });

  it('queues readings taken offline and sends them together when back online', async () => {
    const { device, posts } = setup();
    await waitFor(() => expect(device.watcherCount()).toBe(1));
    act(() => device.setOnline(false));
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    act(() => device.emitPosition({ latitude: 1, longitude: 1, timestamp: 1 }));
    now += LIVE_TRACKING.intervalMs;
    act(() => device.emitPosition({ latitude: 2, longitude: 2, timestamp: 2 }));
    clock.mockRestore();
    // Both wait in the outbox, and a flush of it while offline sends nothing.
    await waitFor(async () => expect(await deviceOutbox.items(locationOutboxKind, USER)).toHaveLength(2));
    await act(() => deviceOutbox.flush(USER));
    expect(posts()).toHaveLength(0);

    act(() => device.setOnline(true));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]?.body as { readings: Array<{ timestamp: number; online: boolean }> };
    expect(body.readings.map((reading) => [reading.timestamp, reading.online])).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  it('does not watch while the profile has location sharing off', async () => {
    const { device } = setup({ sharing: false });
    // The profile (sharing off) has reached the tracker.
    expect(await screen.findByText('profile success')).toBeInTheDocument();
    expect(device.watcherCount()).toBe(0);
  });

  it('never prompts for location: without a granted permission it neither watches nor loads the profile', async () => {
    const { device, api, permissionAnswers } = setup({ permission: 'prompt' });
    // The app has asked about the permission and acted on the answer (it asks again only an interval later).
    await waitFor(() => expect(permissionAnswers.length).toBeGreaterThan(0));
    await act(() => Promise.all(permissionAnswers));
    expect(device.watcherCount()).toBe(0);
    expect(api.requests.some((request) => request.path === '/api/profile')).toBe(false);
  });

  it('asks for a fresh position every 5 s while an alert is active, and stops when it ends', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    try {
      storeSession(fakeSession());
      const active = { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [alertDetail()] } };
      const api = mockApi([
        { method: 'GET', path: '/api/profile', body: fakeProfile({ location_sharing_enabled: true }) },
        ingestOk,
        active,
      ]);
      const device: FakeDevice = createFakeDevice();
      device.permissionStates.location = 'granted';
      const queryClient = testQueryClient();
      renderWithProviders(<p>app</p>, { device, queryClient });
      const posts = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/locations');
      await waitFor(() => expect(queryClient.getQueryData(alertKeys.active(USER))).toHaveLength(1));

      // During the alert a fresh fix (never a cached one) is asked for at once and then each interval instead of
      // watching, so though the phone reports no movement, a position goes out each interval.
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(device.watcherCount()).toBe(0);
      expect(device.positionAsks.at(-1)).toMatchObject({ maximumAgeMs: 0 });
      await act(() => vi.advanceTimersByTimeAsync(LIVE_TRACKING.activeAlertIntervalMs));
      await waitFor(() => expect(posts()).toHaveLength(2));
      await act(() => vi.advanceTimersByTimeAsync(LIVE_TRACKING.activeAlertIntervalMs));
      await waitFor(() => expect(posts()).toHaveLength(3));

      // The alert ends: back to watching, nothing more unless the phone moves.
      act(() => queryClient.setQueryData(alertKeys.active(USER), []));
      await waitFor(() => expect(device.watcherCount()).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(LIVE_TRACKING.activeAlertIntervalMs * 2));
      expect(posts()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('when the profile cannot be loaded (a reload without a connection)', () => {
    const activeAlert = {
      method: 'GET',
      path: '/api/alerts?status=active',
      body: { alerts: [alertDetail()] },
    };
    const profileDown = {
      method: 'GET',
      path: '/api/profile',
      status: 503,
      body: { error: 'service_unavailable', message: 'Down' },
    };

    function start(routes: Parameters<typeof mockApi>[0]) {
      storeSession(fakeSession());
      const api = mockApi(routes);
      const device: FakeDevice = createFakeDevice();
      device.permissionStates.location = 'granted';
      const queryClient = testQueryClient();
      renderWithProviders(<ProfileStatus />, { device, queryClient });
      const posts = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/locations');
      const profileReads = () => api.requests.filter((r) => r.path === '/api/profile').length;
      return { api, device, posts, profileReads };
    }

    it('an alert shares with the setting as last read on this device', async () => {
      saveOfflineShareLocation(USER, true);
      const { device, posts, profileReads } = start([profileDown, ingestOk, activeAlert]);
      await waitFor(() => expect(profileReads()).toBeGreaterThan(0));
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(device.positionAsks.length).toBeGreaterThan(0);
    });

    it('a setting never read is unknown, never off: without an alert nothing is sent', async () => {
      const quiet = start([profileDown, ingestOk]);
      // The failed read has reached the tracker.
      expect(await screen.findByText('profile error')).toBeInTheDocument();
      expect(quiet.profileReads()).toBeGreaterThan(0);
      expect(quiet.device.watcherCount()).toBe(0);
    });

    it('a setting never read does not stop an alert from sending (the server keeps it only if sharing is on)', async () => {
      const { posts } = start([profileDown, ingestOk, activeAlert]);
      await waitFor(() => expect(posts()).toHaveLength(1));
    });

    it('recovers by itself once the profile loads, and remembers the setting for the next reload', async () => {
      vi.useFakeTimers({
        toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
        shouldAdvanceTime: true,
      });
      try {
        const { api, device, profileReads } = start([profileDown, ingestOk]);
        await waitFor(() => expect(profileReads()).toBeGreaterThan(0));
        expect(device.watcherCount()).toBe(0);
        expect(readOfflineEmergencyData(USER)?.shareLocation ?? null).toBeNull();

        // The server answers again: the next ask loads the profile, without a reload.
        api.routes.splice(api.routes.indexOf(profileDown), 1, {
          method: 'GET',
          path: '/api/profile',
          body: fakeProfile({ location_sharing_enabled: true }),
        });
        await act(() => vi.advanceTimersByTimeAsync(LIVE_TRACKING.intervalMs));
        await waitFor(() => expect(device.watcherCount()).toBe(1));
        expect(readOfflineEmergencyData(USER)?.shareLocation).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe('the sharing state and what the tracker does in it', () => {
  it('is unknown, never off, while the setting has never been read', () => {
    expect(sharingState(true, null)).toBe('unknown');
    expect(sharingState(true, true)).toBe('on');
    expect(sharingState(true, false)).toBe('off');
    expect(sharingState(false, true)).toBe('no_permission');
  });

  it('sends during an alert unless the setting is known to be off; otherwise only with it on', () => {
    const plan = (state: Parameters<typeof sharingPlan>[0], alerting: boolean, demanded = false) =>
      sharingPlan(state, { alerting, demanded });
    expect(plan('on', false)).toEqual({ enabled: true, watchOnly: false });
    expect(plan('unknown', true)).toEqual({ enabled: true, watchOnly: false });
    expect(plan('unknown', false)).toEqual({ enabled: false, watchOnly: false });
    expect(plan('unknown', false, true)).toEqual({ enabled: false, watchOnly: true });
    expect(plan('off', true)).toEqual({ enabled: false, watchOnly: false });
    expect(plan('off', true, true)).toEqual({ enabled: false, watchOnly: true });
    expect(plan('no_permission', true, true)).toEqual({ enabled: false, watchOnly: false });
  });
});
