import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESCORT } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { ESCORT_API_TEXTS } from '#shared/journey-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { EscortSession } from '#shared/schemas/journey';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeEscort } from '../../testing/fake-journeys';
import { createFakeRealtime, type FakeRealtime } from '../../testing/fake-realtime';
import { renderApp, storeSession } from '../../testing/render-app';
import { trackingStore } from '../../features/tracking/stores/tracking-store';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const contacts = [
  { id: 'c1', name: 'Ada Byron', phone: '+15551234567', relationship: 'Friend' },
  { id: 'c2', name: 'Bob Smith', phone: '+15557654321', relationship: 'Brother' },
  { id: 'c3', name: 'Cy Third', phone: '+15550000003', relationship: 'Friend' },
];

/** A device whose GPS answers one fix with speed and heading, as a phone on the move does. */
function movingDevice(): FakeDevice & { reads: () => number } {
  const device = createFakeDevice();
  const read = vi.fn(async () => ({
    latitude: 51.5012345,
    longitude: -0.1234567,
    accuracy: 8.4,
    speed: 10,
    heading: 90,
    timestamp: NOW,
  }));
  device.geolocation.getCurrentPosition = read;
  return Object.assign(device, { reads: () => read.mock.calls.length });
}

async function openMapPage({
  session = null,
  device = movingDevice(),
  routes = [],
  savedContacts = contacts,
  activeAlerts = [],
  realtime,
}: {
  session?: EscortSession | null;
  device?: FakeDevice;
  routes?: FakeRoute[];
  savedContacts?: typeof contacts;
  activeAlerts?: AlertDetail[];
  realtime?: FakeRealtime;
} = {}) {
  const api = mockApi([
    ...routes,
    { method: 'GET', path: '/api/escort-sessions/active', body: { session } },
    { method: 'GET', path: '/api/contacts', body: { contacts: savedContacts } },
    { method: 'GET', path: '/api/guardian-relationships', body: { relationships: [] } },
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: activeAlerts } },
  ]);
  return { ...(await renderApp('/map', { device, realtime: realtime?.transport })), api, device };
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(NOW);
  storeSession(fakeSession());
});

afterEach(() => {
  toast.dismiss();
});

describe('/map: the Escort Mode page', () => {
  it('shows the current location: coordinates to 6 decimals, accuracy, speed in km/h and heading, then the setup', async () => {
    await openMapPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Escort Mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    const block = screen.getByTestId('escort-current-location');
    expect(await within(block).findByTestId('escort-address')).toHaveTextContent('51.501235, -0.123457');
    expect(within(block).getByTestId('escort-accuracy')).toHaveTextContent('±8 m');
    expect(within(block).getByTestId('escort-speed')).toHaveTextContent('36.0 km/h');
    expect(within(block).getByTestId('escort-heading')).toHaveTextContent('90°');
    expect(within(block).getByRole('button', { name: 'Refresh location' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Escort Mode' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'How Escort Mode Works' })).toBeInTheDocument();
  });

  it('polls the GPS every 30 s and on refresh', async () => {
    const { device, user } = await openMapPage();
    const moving = device as ReturnType<typeof movingDevice>;
    await screen.findByTestId('escort-address');
    const before = moving.reads();
    await act(() => vi.advanceTimersByTimeAsync(ESCORT.positionIntervalMs));
    expect(moving.reads()).toBe(before + 1);
    await user.click(screen.getByRole('button', { name: 'Refresh location' }));
    expect(moving.reads()).toBe(before + 2);
  });

  it('never makes up a position: without a fix it says the location is unknown and a start says Location Required', async () => {
    const { user, api } = await openMapPage({ device: createFakeDevice({ gps: false }) });
    expect(await screen.findByTestId('escort-location-unknown')).toHaveTextContent(
      'Location unknown: no GPS reading yet. Location permission denied.',
    );
    expect(document.body).not.toHaveTextContent(/Charlotte|35\.22|-80\.84/);
    await user.type(screen.getByLabelText('Destination'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByText('Location Required')).toBeInTheDocument();
    expect(screen.getByText('Please enable GPS to start escort mode.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/escort-sessions')).toBe(false);
  });

  it('refuses an escort nobody would hear about: no contact and no guardian', async () => {
    const { user, api } = await openMapPage({ savedContacts: [] });
    const notice = await screen.findByTestId('escort-nobody-to-tell');
    expect(notice).toHaveTextContent(ESCORT_API_TEXTS.needsSomeoneToTell);
    await screen.findByTestId('escort-address');
    await user.type(screen.getByLabelText('Destination'), 'Home');
    expect(screen.getByRole('button', { name: 'Start Escort Mode' })).toBeDisabled();
    expect(within(notice).getByRole('button', { name: 'Add emergency contacts' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/escort-sessions')).toBe(false);
  });

  it("after the escort's alert ends (I'm safe on another device), shows the setup and no EMERGENCY ALERT", async () => {
    const alertId = '00000005-0000-4000-8000-000000000003';
    const session = fakeEscort(
      { status: 'expired', expired_at: new Date(NOW).toISOString(), alert_id: alertId },
      NOW - 31 * 60_000,
    );
    const raised: AlertDetail = {
      alert: fakeAlert({ id: alertId, trigger_type: 'escort_expired' }, new Date(NOW).toISOString()),
      emergencyContacts: 1,
      deliveries: [],
      summary: { successful: 0, total: 1 },
      responses: [],
      timeline: [],
    };
    const realtime = createFakeRealtime();
    const { api } = await openMapPage({ session, activeAlerts: [raised], realtime });
    // While the alert is active its screen stands in for /map.
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    act(() => void realtime.accept(fakeSession().user.id));

    // Ended on another device: the server now answers neither the alert nor the escort.
    const answer = (path: string, body: unknown) =>
      api.routes.unshift({ method: 'GET', path, body } as FakeRoute);
    answer('/api/alerts?status=active', { alerts: [] });
    answer('/api/escort-sessions/active', { session: null });
    act(() =>
      realtime.emit({
        id: 2,
        type: 'alert.resolved',
        user_id: fakeSession().user.id,
        created_at: new Date(NOW).toISOString(),
        payload: { ...raised.alert, status: 'resolved', resolved_at: new Date(NOW).toISOString() },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Start Escort Mode' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-alert-screen')).not.toBeInTheDocument();
    expect(screen.queryByText('EMERGENCY ALERT')).not.toBeInTheDocument();
    expect(screen.queryByText(ESCORT_TEXTS.expiredWithAlert)).not.toBeInTheDocument();
  });

  it("shows the app tracker's recent reading when the GPS does not answer in time", async () => {
    const device = createFakeDevice();
    device.geolocation.getCurrentPosition = vi.fn(async () => {
      throw Object.assign(new Error('Timeout expired'), { code: 3 });
    });
    const { user } = await openMapPage({ device });
    expect(await screen.findByTestId('escort-location-unknown')).toBeInTheDocument();
    // The app's tracker (its watch) has a reading from 20 s ago: the next ask falls back to it.
    act(() =>
      trackingStore.record({
        latitude: 40.712776,
        longitude: -74.005974,
        accuracy: 12,
        speed: null,
        heading: null,
        altitude: null,
        timestamp: Date.now() - 20_000,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh location' }));
    expect(await screen.findByTestId('escort-address')).toHaveTextContent('40.712776, -74.005974');
    expect(screen.queryByTestId('escort-location-unknown')).not.toBeInTheDocument();
    trackingStore.clear();
  });

  it('during an escort: countdown and Tracking Active badges, the cards, two contacts, Add time and both stop buttons', async () => {
    const session = fakeEscort({ deadline_at: new Date(NOW + 10 * 60_000).toISOString() }, NOW);
    await openMapPage({
      session,
      routes: [{ method: 'POST', path: `/api/escort-sessions/${session.id}/route`, body: session }],
    });
    expect(await screen.findByTestId('escort-countdown-badge')).toHaveTextContent('10:00 left');
    expect(screen.getAllByText('Tracking Active').length).toBeGreaterThanOrEqual(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('escort-countdown-badge')).toHaveTextContent('9:59 left');
    expect(screen.getByTestId('escort-destination')).toHaveTextContent('12 Market Street');
    expect(screen.getByTestId('escort-time-remaining')).toHaveTextContent('9:59');
    expect(await screen.findByRole('link', { name: 'Call Ada Byron' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Bob Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Call Cy Third' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+15 min' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm Safe - Stop Tracking" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Escort Mode' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('escort-address')).toHaveTextContent('51.501235, -0.123457'),
    );
  });
});
