import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN } from '#shared/constants';
import type { CheckIn } from '#shared/schemas/journey';
import type { EmergencyContact } from '#shared/schemas/profile';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { removeActiveAlert } from '../../features/sos/api/get-active-alerts';
import { fakeAlert } from '../../testing/fake-alert';
import { createQueryClient } from '../../lib/query-client';
import { renderApp, storeSession } from '../../testing/render-app';

const USER_ID = fakeSession().user.id;
const CHECK_IN_ID = '0000000c-0000-4000-8000-000000000001';
const MINUTE = 60_000;

const ada: EmergencyContact = { id: 'c1', name: 'Ada Byron', phone: '+15551234567', relationship: 'Friend' };

function checkIn(overrides: Partial<CheckIn> = {}): CheckIn {
  const now = Date.now();
  return {
    id: CHECK_IN_ID,
    user_id: USER_ID,
    status: 'active',
    interval_minutes: 30,
    started_at: new Date(now).toISOString(),
    next_due_at: new Date(now + 30 * MINUTE).toISOString(),
    last_checked_in_at: null,
    stopped_at: null,
    missed_at: null,
    alert_id: null,
    ...overrides,
  };
}

function pageRoutes({
  active = null,
  contacts = [ada],
  sharing = true,
}: { active?: CheckIn | null; contacts?: EmergencyContact[]; sharing?: boolean } = {}): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile({ location_sharing_enabled: sharing }) },
    { method: 'GET', path: '/api/contacts', body: { contacts } },
    { method: 'GET', path: '/api/checkins/active', body: { checkin: active } },
    { method: 'GET', path: '/api/escort-sessions/active', body: { session: null } },
    { method: 'POST', path: '/api/journeys/heartbeat', body: { journeys: active ? 1 : 0 } },
  ];
}

/** Changes what the fake server answers from now on (first match wins). */
function answer(routes: FakeRoute[], route: FakeRoute): void {
  routes.unshift(route);
}

/** The server after a start: the POST answers the check-in, and so do later reads (and the heartbeat counts it). */
function answerStart(routes: FakeRoute[], started: CheckIn): void {
  answer(routes, { method: 'GET', path: '/api/checkins/active', body: { checkin: started } });
  answer(routes, { method: 'POST', path: '/api/journeys/heartbeat', body: { journeys: 1 } });
  answer(routes, { method: 'POST', path: '/api/checkins', status: 201, body: started });
}

async function openCheckInPage(routes: FakeRoute[], device: FakeDevice = createFakeDevice()) {
  const api = mockApi(routes);
  const view = await renderApp('/checkin', { device });
  await screen.findByRole('heading', { name: 'Safety Check-In', level: 1 });
  await screen.findByRole('link', { name: 'Call Ada Byron' });
  return { ...view, api, device };
}

const posts = (api: ReturnType<typeof mockApi>, path: string) =>
  api.requests.filter((request) => request.method === 'POST' && request.path === path);

const intervalInput = () => screen.getByRole('spinbutton', { name: 'Check-in interval (minutes)' });
const nextCheckIn = () => screen.getByTestId('checkin-next');

beforeEach(() => {
  // setImmediate stays real: IndexedDB (fake-indexeddb) schedules its events with it.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  storeSession(fakeSession());
});

afterEach(() => {
  toast.dismiss();
});

describe('/checkin', () => {
  it('starts a check-in with the default interval and counts down from the server’s next_due_at', async () => {
    const routes = pageRoutes();
    const { user, api } = await openCheckInPage(routes);
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(nextCheckIn()).toHaveTextContent('Not scheduled');
    expect(intervalInput()).toHaveValue(CHECK_IN.defaultMinutes);
    expect(intervalInput()).toBeEnabled();

    answerStart(routes, checkIn());
    await user.click(screen.getByRole('button', { name: 'Start Check-in' }));

    await waitFor(() => expect(nextCheckIn()).toHaveTextContent('30 minutes'));
    expect(posts(api, '/api/checkins').map((request) => request.body)).toEqual([{ interval_minutes: 30 }]);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(intervalInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check-in Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Check-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Check-in' })).not.toBeInTheDocument();

    // The count ticks every CHECK_IN.tickMs.
    await act(() => vi.advanceTimersByTimeAsync(CHECK_IN.tickMs));
    expect(nextCheckIn()).toHaveTextContent('29 minutes');
  });

  it('sends the minimum when the interval is left empty', async () => {
    const routes = pageRoutes();
    const { user, api } = await openCheckInPage(routes);
    answerStart(
      routes,
      checkIn({ interval_minutes: 5, next_due_at: new Date(Date.now() + 5 * MINUTE).toISOString() }),
    );
    await user.clear(intervalInput());
    await user.click(screen.getByRole('button', { name: 'Start Check-in' }));
    await waitFor(() => expect(nextCheckIn()).toHaveTextContent('5 minutes'));
    expect(posts(api, '/api/checkins').map((request) => request.body)).toEqual([
      { interval_minutes: CHECK_IN.minMinutes },
    ]);
  });

  it('shows the time left of a check-in already running (a reload or another device), and Check-in Now moves it', async () => {
    const routes = pageRoutes({
      active: checkIn({ next_due_at: new Date(Date.now() + 10 * MINUTE).toISOString() }),
    });
    const { user, api } = await openCheckInPage(routes);
    await waitFor(() => expect(nextCheckIn()).toHaveTextContent('10 minutes'));
    expect(intervalInput()).toBeDisabled();
    expect(intervalInput()).toHaveValue(30);

    answer(routes, {
      method: 'POST',
      path: `/api/checkins/${CHECK_IN_ID}/check-in`,
      body: checkIn({
        last_checked_in_at: new Date().toISOString(),
        next_due_at: new Date(Date.now() + 30 * MINUTE).toISOString(),
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Check-in Now' }));
    await waitFor(() => expect(nextCheckIn()).toHaveTextContent('30 minutes'));
    expect(posts(api, `/api/checkins/${CHECK_IN_ID}/check-in`)).toHaveLength(1);
  });

  it('stops the check-in', async () => {
    const routes = pageRoutes({ active: checkIn() });
    const { user, api } = await openCheckInPage(routes);
    await screen.findByRole('button', { name: 'Stop Check-in' });
    answer(routes, {
      method: 'POST',
      path: `/api/checkins/${CHECK_IN_ID}/stop`,
      body: checkIn({ status: 'stopped', stopped_at: new Date().toISOString() }),
    });
    await user.click(screen.getByRole('button', { name: 'Stop Check-in' }));
    expect(await screen.findByRole('button', { name: 'Start Check-in' })).toBeInTheDocument();
    expect(posts(api, `/api/checkins/${CHECK_IN_ID}/stop`)).toHaveLength(1);
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(nextCheckIn()).toHaveTextContent('Not scheduled');
    expect(intervalInput()).toBeEnabled();
  });

  it('without contacts shows the server’s message and Start leads to adding one', async () => {
    const routes = pageRoutes({ contacts: [] });
    mockApi(routes);
    const { user } = await renderApp('/checkin', { device: createFakeDevice() });
    await screen.findByText('No emergency contacts added yet');
    answer(routes, {
      method: 'POST',
      path: '/api/checkins',
      status: 400,
      body: {
        error: 'no_emergency_contacts',
        message: 'Please add emergency contacts before starting check-ins.',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Start Check-in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please add emergency contacts before starting check-ins.');
    await user.click(within(alert).getByRole('button', { name: 'Add emergency contacts' }));
    expect(await screen.findByRole('dialog', { name: /Add Emergency Contact/i })).toBeInTheDocument();
  });

  it('decides by the code, not the wording: the same words under another code offer no contact form', async () => {
    const routes = pageRoutes({ contacts: [] });
    mockApi(routes);
    const { user } = await renderApp('/checkin', { device: createFakeDevice() });
    await screen.findByText('No emergency contacts added yet');
    answer(routes, {
      method: 'POST',
      path: '/api/checkins',
      status: 409,
      body: { error: 'conflict', message: 'Please add emergency contacts before starting check-ins.' },
    });
    await user.click(screen.getByRole('button', { name: 'Start Check-in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please add emergency contacts before starting check-ins.');
    expect(within(alert).queryByRole('button', { name: 'Add emergency contacts' })).not.toBeInTheDocument();

    answer(routes, {
      method: 'POST',
      path: '/api/checkins',
      status: 400,
      body: { error: 'no_emergency_contacts', message: 'Wording the server may change.' },
    });
    await user.click(screen.getByRole('button', { name: 'Start Check-in' }));
    const refused = await screen.findByRole('alert');
    await waitFor(() => expect(refused).toHaveTextContent('Wording the server may change.'));
    expect(within(refused).getByRole('button', { name: 'Add emergency contacts' })).toBeInTheDocument();
  });

  it('a missed check-in says contacts were notified only when the server raised the alert', async () => {
    const routes = pageRoutes({
      active: checkIn({
        status: 'missed',
        missed_at: new Date().toISOString(),
        alert_id: '00000005-0000-4000-8000-000000000001',
      }),
    });
    await openCheckInPage(routes);
    const notice = await screen.findByTestId('checkin-expired');
    expect(notice).toHaveTextContent('Check-in Expired');
    expect(notice).toHaveTextContent('Your emergency contacts were notified.');
    expect(screen.getByText('Missed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Check-in' })).toBeInTheDocument();
  });

  it("a missed check-in whose alert was ended (I'm safe) is over: no Check-in Expired notice", async () => {
    const alertId = '00000005-0000-4000-8000-000000000001';
    const routes = pageRoutes({
      active: checkIn({ status: 'missed', missed_at: new Date().toISOString(), alert_id: alertId }),
    });
    const raised = {
      alert: fakeAlert({ id: alertId, trigger_type: 'checkin_missed' }),
      emergencyContacts: 1,
      deliveries: [],
      summary: { successful: 0, total: 1 },
    };
    routes.push({ method: 'GET', path: '/api/alerts?status=active', body: { alerts: [raised] } });
    mockApi(routes);
    // The app's own client: a read stays fresh for a while, so coming back to /checkin does not re-read it.
    const queryClient = createQueryClient();
    await renderApp('/checkin', { queryClient });
    // The active-alert screen stands in for /checkin until the person says they are safe.
    expect(await screen.findByTestId('active-alert-screen')).toBeInTheDocument();
    act(() => removeActiveAlert(queryClient, USER_ID, alertId));
    expect(await screen.findByRole('heading', { name: 'Safety Check-In', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start Check-in' })).toBeInTheDocument();
    expect(screen.queryByTestId('checkin-expired')).not.toBeInTheDocument();
    expect(screen.queryByText('Missed')).not.toBeInTheDocument();
  });

  it('a missed check-in without an alert never claims anyone was notified', async () => {
    const routes = pageRoutes({
      active: checkIn({ status: 'missed', missed_at: new Date().toISOString(), alert_id: null }),
    });
    await openCheckInPage(routes);
    const notice = await screen.findByTestId('checkin-expired');
    expect(notice).toHaveTextContent('No alert was sent to anyone.');
    expect(notice).not.toHaveTextContent(/notified/);
  });

  it('learns from the server that the running check-in was missed, with the Check-in Expired toast', async () => {
    const routes = pageRoutes({
      active: checkIn({ next_due_at: new Date(Date.now() + 1 * MINUTE).toISOString() }),
    });
    await openCheckInPage(routes);
    await waitFor(() => expect(nextCheckIn()).toHaveTextContent('1 minute'));
    answer(routes, {
      method: 'GET',
      path: '/api/checkins/active',
      body: {
        checkin: checkIn({
          status: 'missed',
          missed_at: new Date().toISOString(),
          alert_id: '00000005-0000-4000-8000-000000000001',
        }),
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(CHECK_IN.tickMs));
    expect(await screen.findByTestId('checkin-expired')).toBeInTheDocument();
    expect(await screen.findAllByText('Check-in Expired')).toHaveLength(2);
  });

  it('shows the tracked position to 4 decimals, or plainly that it is unknown, and the tracking error', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'granted';
    // Sharing off: the page still shows the position (the tracker watches for it) but nothing is sent.
    const { api } = await openCheckInPage(pageRoutes({ sharing: false }), device);
    expect(screen.getByTestId('checkin-location')).toHaveTextContent('Location unknown');
    await waitFor(() => expect(device.watcherCount()).toBe(1));

    act(() => device.emitPositionError({ code: 3, message: 'timeout' }));
    expect(await screen.findByText('Location request timed out. Trying again...')).toBeInTheDocument();

    act(() => device.emitPosition({ latitude: 51.500712, longitude: -0.124619 }));
    await waitFor(() => expect(screen.getByTestId('checkin-location')).toHaveTextContent('51.5007, -0.1246'));
    expect(screen.queryByText('Location request timed out. Trying again...')).not.toBeInTheDocument();
    expect(posts(api, '/api/locations')).toHaveLength(0);
  });

  it('says when location permission is denied', async () => {
    const device = createFakeDevice();
    device.permissionStates.location = 'denied';
    await openCheckInPage(pageRoutes(), device);
    expect(
      await screen.findByText(
        'Location permission denied. Please enable location access in your device settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('checkin-location')).toHaveTextContent('Location unknown');
  });
});
