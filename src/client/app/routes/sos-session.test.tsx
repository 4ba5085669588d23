import { act, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_ALERT_TEXTS } from '#shared/sos-fallback-texts';
import { SOS } from '#shared/constants';
import type { AlertDetail } from '#shared/schemas/alert';
import type { EmergencyContact } from '#shared/schemas/profile';
import { ERRORS } from '#shared/texts';
import { alertOutboxKind } from '../../features/sos/api/alert-outbox';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { getSession, setSession } from '../../lib/session-store';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice } from '../../testing/fake-device';
import { renderApp, storeSession } from '../../testing/render-app';
import { recordSounds } from '../../testing/fake-audio';

/**
 * docs/SECURITY.md, "Sensitive changes, sessions and passwords": an SOS never waits on, or fails because of, a
 * session refresh. It is sent at once with the token the phone holds; a 401 renews the session and retries once;
 * a renewal that fails leaves the alert in the device outbox and does not sign the person out on the way.
 */

const USER_ID = '00000001-0000-4000-8000-000000000001';
const REFRESH_PATH = '/api/auth/token?grant_type=refresh_token';
const contact: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};

const sent: AlertDetail = {
  alert: fakeAlert({}, '2026-01-01T12:00:00.000Z'),
  emergencyContacts: 1,
  deliveries: [
    {
      id: '00000004-0000-4000-8000-000000000001',
      purpose: 'alert',
      channel: 'sms',
      recipient: contact.phone,
      recipient_name: contact.name,
      status: 'sent',
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
      sent_at: '2026-01-01T12:00:01.000Z',
    },
  ],
  summary: { successful: 1, total: 1 },
  responses: [],
  timeline: [],
};

const pageRoutes: FakeRoute[] = [
  { method: 'GET', path: '/api/profile', body: fakeProfile() },
  { method: 'GET', path: '/api/contacts', body: { contacts: [contact] } },
];

const unauthorized = { error: 'not_authenticated', message: ERRORS.notAuthenticated };
/** The status panel's one calm line about an alert saved on the phone. */
const SAVED = SAVED_ALERT_TEXTS.title;

type Answer = { status: number; body?: unknown } | 'hang' | 'network-error';

/**
 * The API as mockApi serves it, except the alert POSTs and refreshes, which answer from the given lists in order
 * (the last answer repeats). Records the token each alert POST carried.
 */
function serveApi(alertAnswers: Answer[], refreshAnswers: Answer[]) {
  const api = mockApi(pageRoutes);
  const routed = api.fetchMock.getMockImplementation()!;
  const alertTokens: Array<string | null> = [];
  const refreshBodies: unknown[] = [];
  const answer = (answers: Answer[], index: number): Promise<Response> => {
    const next = answers[Math.min(index, answers.length - 1)]!;
    if (next === 'hang') return new Promise<Response>(() => undefined);
    if (next === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(next.body ?? {}), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  api.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/alerts' && init?.method === 'POST') {
      alertTokens.push(new Headers(init.headers).get('authorization'));
      return answer(alertAnswers, alertTokens.length - 1);
    }
    if (path === REFRESH_PATH) {
      refreshBodies.push(JSON.parse(String(init?.body)));
      return answer(refreshAnswers, refreshBodies.length - 1);
    }
    return routed(input, init);
  });
  return { alertTokens, refreshBodies };
}

async function raiseSos() {
  const device = createFakeDevice();
  const { user } = await renderApp('/sos', { device });
  await screen.findByRole('link', { name: 'Call Ada Byron' });
  await user.click(screen.getByRole('button', { name: /^SOS/ }));
  await screen.findByRole('dialog', { name: 'Emergency SOS Activation' });
  await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs));
  return device;
}

async function queuedAlerts(): Promise<number> {
  return (await deviceOutbox.items(alertOutboxKind, USER_ID)).length;
}

beforeEach(() => {
  recordSounds();
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  storeSession(fakeSession());
});

afterEach(() => {
  toast.dismiss();
});

// Whole app renders with fake timers: generous time-outs for a busy machine (nothing here asserts on durations).
describe('an SOS and the session refresh', { timeout: 20_000 }, () => {
  it('does not wait for a refresh that hangs: the alert is sent at once with the token the phone holds', async () => {
    const { alertTokens } = serveApi([{ status: 201, body: sent }], ['hang']);
    const device = createFakeDevice();
    const { user } = await renderApp('/sos', { device });
    await screen.findByRole('link', { name: 'Call Ada Byron' });
    // The access token is about to expire: the app's refresh check starts a refresh, which never answers.
    act(() => setSession(fakeSession({ expires_at: Math.floor(Date.now() / 1000) + 30 })));
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    await user.click(screen.getByRole('button', { name: /^SOS/ }));
    await screen.findByRole('dialog', { name: 'Emergency SOS Activation' });
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs));
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    expect(alertTokens).toEqual(['Bearer access-1']);
  });

  it('on 401 renews the session and sends once more with the new token', async () => {
    const { alertTokens, refreshBodies } = serveApi(
      [
        { status: 401, body: unauthorized },
        { status: 201, body: sent },
      ],
      [{ status: 200, body: fakeSession({ access_token: 'access-2', refresh_token: 'refresh-2' }) }],
    );
    await raiseSos();
    expect(await screen.findByText('Emergency Alert Sent')).toBeInTheDocument();
    expect(alertTokens).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(getSession()?.access_token).toBe('access-2');
    expect(await queuedAlerts()).toBe(0);
  });

  it('retries only once: a second 401 queues the alert', async () => {
    const { alertTokens } = serveApi(
      [{ status: 401, body: unauthorized }],
      [{ status: 200, body: fakeSession({ access_token: 'access-2', refresh_token: 'refresh-2' }) }],
    );
    const device = await raiseSos();
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(alertTokens).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(device.smsOpened).toHaveLength(1);
    expect(await queuedAlerts()).toBe(1);
  });

  it.each([
    [
      'refused',
      { status: 401, body: { error: 'invalid_refresh_token', message: ERRORS.invalidRefreshToken } },
    ],
    ['unreachable', 'network-error'],
  ] as const)(
    'a refresh that fails (%s) keeps the alert queued, opens the messaging app, and does not sign out first',
    async (_label, refreshAnswer) => {
      serveApi([{ status: 401, body: unauthorized }], [refreshAnswer]);
      const device = await raiseSos();
      expect(await screen.findByText(SAVED)).toBeInTheDocument();
      expect(device.smsOpened).toHaveLength(1);
      expect(await queuedAlerts()).toBe(1);
      // The alert path itself signed nobody out: the session (and its refresh token) was still there when the
      // alert was queued, and an outbox retry can still use it.
      expect(getSession()?.refresh_token).toBe('refresh-1');
    },
  );

  it('a refresh that hangs after a 401 does not hold the SOS: it is queued once the renewal time is up', async () => {
    serveApi([{ status: 401, body: unauthorized }], ['hang']);
    const device = await raiseSos();
    await act(() => vi.advanceTimersByTimeAsync(SOS.sessionRenewalTimeoutMs));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(device.smsOpened).toHaveLength(1);
    expect(await queuedAlerts()).toBe(1);
  });
});
