import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS } from '#shared/constants';
import { DEFAULT_PROTECTION_SETTINGS, PROTECTION, type ProtectionSettings } from '#shared/protection';
import type { EmergencyContact } from '#shared/schemas/profile';
import { currentProtectionEngine } from '../../features/protection/stores/protection-store';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { recordSounds } from '../../testing/fake-audio';
import { createFakeDangerSensors, type FakeDangerSensors } from '../../testing/fake-danger-sensors';
import { createFakeDevice } from '../../testing/fake-device';
import { acceptAndSettle, createFakeRealtime } from '../../testing/fake-realtime';
import { loudBang, lyingStill, shaking, walking } from '../../testing/danger-traces';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const ada: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};

const COUNTDOWN = 'Emergency SOS Activation';

function routes(settings: Partial<ProtectionSettings> = {}): FakeRoute[] {
  const alert = {
    alert: fakeAlert({ trigger_type: 'shake' }),
    emergencyContacts: 1,
    deliveries: [],
    summary: { successful: 0, total: 0 },
  };
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [ada] } },
    {
      method: 'GET',
      path: '/api/protection-settings',
      body: { ...DEFAULT_PROTECTION_SETTINGS, enabled: true, updated_at: null, ...settings },
    },
    { method: 'POST', path: '/api/alerts', status: 201, body: alert },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: [] } },
  ];
}

function alertPosts(api: ReturnType<typeof mockApi>): Array<Record<string, unknown>> {
  return api.requests
    .filter((request) => request.method === 'POST' && request.path === '/api/alerts')
    .map((request) => request.body as Record<string, unknown>);
}

let sensors: FakeDangerSensors;

async function openApp(path: string, settings: Partial<ProtectionSettings> = {}) {
  const api = mockApi(routes(settings));
  const device = { ...createFakeDevice(), dangerSensors: sensors };
  const view = await renderApp(path, { device });
  return { ...view, api };
}

/** Protection runs: the host has loaded and shake detection listens. */
async function protectionRunning(): Promise<void> {
  await waitFor(() => expect(sensors.motionListeners()).toBe(1));
  act(() => sensors.emitMotion(lyingStill(0.2)));
}

function countdowns(): HTMLElement[] {
  return screen.queryAllByTestId('sos-countdown');
}

beforeEach(() => {
  recordSounds();
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  sensors = createFakeDangerSensors();
  storeSession(fakeSession());
  markOnboardingSeenForTest();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AI Protection on the app shell', () => {
  it('a shake trace opens the SOS countdown saying so, and left alone it raises a shake alert; walking opens nothing', async () => {
    const { api } = await openApp('/');
    await protectionRunning();

    act(() => sensors.emitMotion(walking(6)));
    expect(countdowns()).toEqual([]);

    act(() => sensors.emitMotion(shaking(1)));
    const dialog = await screen.findByRole('dialog', { name: COUNTDOWN });
    expect(within(dialog).getByText('Beacon noticed a shake of the phone.')).toBeInTheDocument();
    expect(alertPosts(api)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() => expect(alertPosts(api)).toHaveLength(1));
    expect(alertPosts(api)[0]).toMatchObject({ triggerType: 'shake' });
  });

  it('a loud sound raises a panic alert', async () => {
    const { api } = await openApp('/');
    await protectionRunning();
    act(() => sensors.emitSound(loudBang()));
    const dialog = await screen.findByRole('dialog', { name: COUNTDOWN });
    expect(within(dialog).getByText('Beacon heard a loud sound.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() => expect(alertPosts(api)).toEqual([expect.objectContaining({ triggerType: 'panic' })]));
  });

  it('a spoken keyword raises a voice alert; other words do not', async () => {
    const { api } = await openApp('/', { keywords: ['help me'] });
    await protectionRunning();
    await waitFor(() => expect(sensors.speechListening()).toBe(true));
    act(() => sensors.speak('could you pass the salt'));
    expect(countdowns()).toEqual([]);
    act(() => sensors.speak('someone help me'));
    const dialog = await screen.findByRole('dialog', { name: COUNTDOWN });
    expect(within(dialog).getByText('Beacon heard one of your keywords.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() => expect(alertPosts(api)).toEqual([expect.objectContaining({ triggerType: 'voice' })]));
  });

  it('Cancel sends nothing, and nothing is detected for 10 s after it', async () => {
    const { api, user } = await openApp('/', { loudSoundEnabled: false, voiceEnabled: false });
    await protectionRunning();
    act(() => sensors.emitMotion(shaking(1)));
    // Most of the countdown passes before the person cancels.
    await act(() => vi.advanceTimersByTimeAsync(8 * SOS.tickMs));
    await user.click(
      within(await screen.findByRole('dialog', { name: COUNTDOWN })).getByRole('button', {
        name: 'Cancel Emergency',
      }),
    );
    expect(await screen.findByText('SOS Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(countdowns()).toEqual([]));

    // Another shake within 10 s of the cancel (18 s after the first shake) opens nothing.
    await act(() => vi.advanceTimersByTimeAsync(PROTECTION.cooldownMs - 1000));
    act(() => sensors.emitMotion(shaking(1)));
    expect(countdowns()).toEqual([]);
    expect(alertPosts(api)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => sensors.emitMotion(shaking(1)));
    expect(await screen.findByRole('dialog', { name: COUNTDOWN })).toBeInTheDocument();
    expect(alertPosts(api)).toEqual([]);
  });

  it('never opens a second countdown over the person’s own', async () => {
    const { api, user } = await openApp('/');
    await protectionRunning();
    await user.click(await screen.findByRole('button', { name: /^SOS/ }));
    expect(countdowns()).toHaveLength(1);
    act(() => sensors.emitMotion(shaking(1)));
    expect(countdowns()).toHaveLength(1);
    expect(screen.queryByText('Beacon noticed a shake of the phone.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() =>
      expect(alertPosts(api)).toEqual([expect.objectContaining({ triggerType: 'manual' })]),
    );
  });

  it('works on a screen without the SOS control', async () => {
    const { api } = await openApp('/outbox');
    await protectionRunning();
    act(() => sensors.emitMotion(shaking(1)));
    expect(await screen.findByText('Beacon noticed a shake of the phone.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    await waitFor(() => expect(alertPosts(api)).toEqual([expect.objectContaining({ triggerType: 'shake' })]));
  });

  it('follows a change made on another device (protection.updated)', async () => {
    mockApi(routes({ enabled: false }));
    const realtime = createFakeRealtime();
    const { queryClient } = await renderApp('/', {
      device: { ...createFakeDevice(), dangerSensors: sensors },
      realtime: realtime.transport,
    });
    const line = await screen.findByTestId('protection-readiness');
    expect(line).toHaveTextContent('AI Protection: off');
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    const userId = fakeSession().user.id;
    await acceptAndSettle(realtime, queryClient, userId);
    act(() =>
      realtime.emit({
        id: 2,
        type: 'protection.updated',
        user_id: userId,
        created_at: '2026-01-01T12:00:00.000Z',
        payload: {
          ...DEFAULT_PROTECTION_SETTINGS,
          enabled: true,
          voiceEnabled: false,
          updated_at: '2026-01-01T12:00:00.000Z',
        },
      }),
    );
    await waitFor(() => expect(sensors.motionListeners()).toBe(1));
    expect(sensors.speechStarts).toBe(0);
    act(() => sensors.emitMotion(lyingStill(0.2)));
    expect(screen.getByTestId('protection-readiness')).toHaveTextContent('AI Protection: Protection Active');
  });

  it('runs nothing while protection is off, and the readiness card says it is off', async () => {
    await openApp('/', { enabled: false });
    // The engine is there and has the settings.
    await waitFor(() => expect(currentProtectionEngine()).not.toBeNull());
    const line = await screen.findByTestId('protection-readiness');
    expect(line).toHaveTextContent('AI Protection: off');
    expect(sensors.motionListeners()).toBe(0);
    expect(sensors.speechStarts).toBe(0);
  });

  it('the readiness card says what works on this phone now, and that a hidden page pauses it', async () => {
    sensors.speechSupported = false;
    await openApp('/');
    await protectionRunning();
    const card = await screen.findByTestId('protection-readiness');
    await waitFor(() => expect(card).toHaveAttribute('data-level', 'active'));
    expect(card).toHaveTextContent('AI Protection: Protection Active');
    expect(within(card).getByTestId('readiness-shake')).toHaveTextContent(
      'Shake Detection: Listening for a shake.',
    );
    expect(within(card).getByTestId('readiness-voice')).toHaveTextContent(
      'Voice Activation: This browser has no speech recognition.',
    );

    act(() => sensors.setVisible(false));
    expect(card).toHaveAttribute('data-level', 'none');
    expect(within(card).getByTestId('readiness-shake')).toHaveTextContent(
      'Paused: the screen is off or Beacon is not in front.',
    );
    act(() => sensors.setVisible(true));
    act(() => sensors.emitMotion(lyingStill(0.2)));
    expect(card).toHaveAttribute('data-level', 'active');
  });

  it('stops detecting once the alert is raised: the active-alert screen takes over', async () => {
    const { api } = await openApp('/');
    await protectionRunning();
    await waitFor(() => expect(sensors.speechListening()).toBe(true));
    act(() => sensors.emitMotion(shaking(1)));
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
    expect(alertPosts(api)).toHaveLength(1);
    await waitFor(() => expect(currentProtectionEngine()).toBeNull());
    expect(sensors.motionListeners()).toBe(0);
    expect(sensors.speechListening()).toBe(false);
    expect(sensors.soundOpen()).toBe(false);
  });
});
