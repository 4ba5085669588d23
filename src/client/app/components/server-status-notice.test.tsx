import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_RECHECK_MS, SOS } from '#shared/constants';
import type { EmergencyContact } from '#shared/schemas/profile';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { createFakeDevice } from '../../testing/fake-device';
import { createFakeRealtime, type FakeRealtime } from '../../testing/fake-realtime';
import { renderApp, storeSession } from '../../testing/render-app';
import { recordSounds } from '../../testing/fake-audio';

/**
 * A server that stops answering after the page loaded is noticed through the realtime socket (and an SOS send
 * that found no server), not by polling while all is well: the notice above the dashboard and the readiness
 * card then say so, and never "Connected" or "System Ready".
 */

const USER_ID = fakeSession().user.id;
const NOTICE = "Beacon's server can't be reached";
const contact: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};

function serve() {
  return mockApi([
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [contact] } },
  ]);
}

const healthChecks = (api: ReturnType<typeof mockApi>): number =>
  api.requests.filter((request) => request.path === '/api/health').length;

const networkLabel = (): string => screen.getByTestId('network-status').textContent ?? '';

/** The dashboard with its realtime socket open, the readiness card saying Connected. */
async function openDashboard(realtime: FakeRealtime) {
  const view = await renderApp('/', { realtime: realtime.transport, device: createFakeDevice() });
  await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
  act(() => void realtime.accept(USER_ID));
  await waitFor(() => expect(networkLabel()).toBe('Connected'), { timeout: 5000 });
  return view;
}

beforeEach(() => {
  recordSounds();
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  storeSession(fakeSession());
});

describe('the server status after the page loaded', () => {
  it('notices a server that died when its socket closes: the notice and No Server, without polling before', async () => {
    const api = serve();
    const realtime = createFakeRealtime();
    await openDashboard(realtime);

    // All is well while the socket is open: the health check is not asked again (less than two heartbeats).
    const checks = healthChecks(api);
    await act(() => vi.advanceTimersByTimeAsync(3 * HEALTH_RECHECK_MS));
    expect(healthChecks(api)).toBe(checks);
    expect(screen.queryByRole('heading', { name: NOTICE })).not.toBeInTheDocument();

    // The server's process ends: nothing answers, and the socket closes.
    api.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    act(() => realtime.latest().serverClose(1006));
    const notice = await screen.findByRole('status', { name: NOTICE }, { timeout: 5000 });
    expect(within(notice).getByText(/SOS still works/)).toBeInTheDocument();
    expect(networkLabel()).toBe('No Server');
    expect(screen.getByRole('heading', { name: 'Server Unreachable' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Ready' })).not.toBeInTheDocument();
  });

  it('while the socket is down asks the health check every HEALTH_RECHECK_MS, and stops once it is back', async () => {
    const api = serve();
    const realtime = createFakeRealtime();
    await openDashboard(realtime);
    const checks = healthChecks(api);

    // The socket drops but the server still answers: asked at once, said Connected again, then asked every 15 s.
    act(() => realtime.latest().serverClose(1006));
    await waitFor(() => expect(healthChecks(api)).toBe(checks + 1));
    await waitFor(() => expect(networkLabel()).toBe('Connected'));
    await act(() => vi.advanceTimersByTimeAsync(3 * HEALTH_RECHECK_MS));
    expect(healthChecks(api)).toBe(checks + 4);
    expect(screen.queryByRole('heading', { name: NOTICE })).not.toBeInTheDocument();

    // Back: asked once more, then not again while it stays open.
    act(() => void realtime.accept(USER_ID));
    await waitFor(() => expect(healthChecks(api)).toBe(checks + 5));
    await act(() => vi.advanceTimersByTimeAsync(3 * HEALTH_RECHECK_MS));
    expect(healthChecks(api)).toBe(checks + 5);
  });

  it('an SOS send that finds no server says so at once, before the health check has answered', async () => {
    const api = serve();
    const realtime = createFakeRealtime();
    const { user } = await openDashboard(realtime);
    await screen.findByRole('link', { name: 'Call Ada Byron' }, { timeout: 5000 });

    // The alert gets no answer at all; the health check asked after it hangs until the test lets it answer.
    const routed = api.fetchMock.getMockImplementation()!;
    let answerHealth: () => void = () => undefined;
    api.fetchMock.mockImplementation((input, init) => {
      const path = String(input);
      if (path === '/api/alerts') return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/health') {
        return new Promise<Response>((resolve) => {
          answerHealth = () => void routed(input, init).then(resolve);
        });
      }
      return routed(input, init);
    });
    await user.click(screen.getByRole('button', { name: /^SOS/ }));
    await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));

    expect(await screen.findByRole('status', { name: NOTICE }, { timeout: 5000 })).toBeInTheDocument();
    expect(networkLabel()).toBe('No Server');

    // The server answers again: the notice leaves by itself.
    act(() => answerHealth());
    await waitFor(() => expect(screen.queryByRole('heading', { name: NOTICE })).not.toBeInTheDocument());
    expect(networkLabel()).toBe('Connected');
  });
});
