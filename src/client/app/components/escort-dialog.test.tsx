import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESCORT_API_TEXTS } from '#shared/journey-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { GuardianRelationship } from '#shared/schemas/guardian';
import type { EscortSession } from '#shared/schemas/journey';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { RECORDING } from '#shared/constants';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { journeyKeys } from '../../features/journeys/api/journey-keys';
import { alertKeys } from '../../features/sos/api/alert-keys';
import { removeActiveAlert } from '../../features/sos/api/get-active-alerts';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { fakeEscort } from '../../testing/fake-journeys';
import { toast } from '../../lib/toast';
import { installFakeMedia } from '../../testing/fake-media';
import { recordingUploadRoutes, uploadSteps } from '../../testing/fake-recordings';
import { renderWithProviders, storeSession, testQueryClient } from '../../testing/render-app';
import { RequiredSessionContext } from '../hooks/use-required-session';
import { EscortDialog } from './escort-dialog';

const USER_ID = '00000001-0000-4000-8000-000000000001';
const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const contacts = [
  { id: 'c1', name: 'Ada Byron', phone: '+1 555 123 4567', relationship: 'Friend' },
  { id: 'c2', name: 'Bob Smith', phone: '+15557654321', relationship: 'Brother' },
  { id: 'c3', name: 'Cy Third', phone: '+15550000003', relationship: 'Friend' },
];

type Options = {
  session?: EscortSession | null;
  routes?: FakeRoute[];
  device?: FakeDevice;
  safetyMap?: boolean;
  /** The person's emergency contacts (default: three). */
  savedContacts?: typeof contacts;
  /** Their guardian links, as GET /api/guardian-relationships answers (default: none). */
  relationships?: GuardianRelationship[];
  /** Their alerts not ended yet (GET /api/alerts?status=active). */
  activeAlerts?: AlertDetail[];
};

function openDialog({
  session = null,
  routes = [],
  device = createFakeDevice(),
  safetyMap = false,
  savedContacts = contacts,
  relationships = [],
  activeAlerts = [],
}: Options = {}) {
  const api = mockApi([
    ...routes,
    { method: 'GET', path: '/api/escort-sessions/active', body: { session } },
    { method: 'GET', path: '/api/contacts', body: { contacts: savedContacts } },
    { method: 'GET', path: '/api/guardian-relationships', body: { relationships } },
    { method: 'GET', path: '/api/alerts?status=active', body: { alerts: activeAlerts } },
  ]);
  const queryClient = testQueryClient();
  const view = renderWithProviders(
    <RequiredSessionContext.Provider value={fakeSession()}>
      <EscortDialog
        open
        onOpenChange={() => undefined}
        safetyMap={safetyMap ? <p>The safety map card</p> : undefined}
      />
    </RequiredSessionContext.Provider>,
    { device, queryClient },
  );
  return { ...view, api, queryClient };
}

const sessionPath = (action: string) => `/api/escort-sessions/${fakeEscort().id}/${action}`;

/** The person's link to a guardian (they are the ward), in `status`. */
function guardianLink(status: GuardianRelationship['status']): GuardianRelationship {
  return {
    id: '00000007-0000-4000-8000-000000000001',
    guardian_id: '00000006-0000-4000-8000-000000000001',
    ward_id: USER_ID,
    status,
    relationship_type: 'guardian',
    role: 'ward',
    guardian: { full_name: 'Gus Guardian', email: 'gus@example.test' },
    ward: { full_name: 'Jane Doe', email: 'jane@example.test' },
    created_at: new Date(NOW).toISOString(),
    updated_at: new Date(NOW).toISOString(),
  };
}

const ESCORT_ALERT_ID = '00000005-0000-4000-8000-000000000002';

/** The alert an escort's deadline raised, still active. */
const escortAlert: AlertDetail = {
  alert: fakeAlert({ id: ESCORT_ALERT_ID, trigger_type: 'escort_expired' }, new Date(NOW).toISOString()),
  emergencyContacts: 1,
  deliveries: [],
  summary: { successful: 0, total: 1 },
  responses: [],
  timeline: [],
};

beforeEach(() => {
  // setImmediate stays real: IndexedDB (fake-indexeddb) schedules its events with it.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  toast.dismiss();
});

describe('Escort Mode dialog: setup', () => {
  it('has the destination, a duration of 30 (5 to 180), the explainer, and Start disabled until a destination is typed', async () => {
    const { user } = openDialog();
    const destination = await screen.findByLabelText('Destination');
    const duration = screen.getByLabelText('Estimated Duration (minutes)');
    expect(duration).toHaveValue(30);
    expect(duration).toHaveAttribute('min', '5');
    expect(duration).toHaveAttribute('max', '180');
    const explainer = screen.getByRole('region', { name: 'How Escort Mode Works' });
    expect(explainer).toHaveTextContent(/keeps your deadline on its server/);
    expect(explainer).toHaveTextContent(/recording again by itself while it is open on screen/);
    const start = screen.getByRole('button', { name: 'Start Escort Mode' });
    expect(start).toBeDisabled();

    await user.type(destination, '12 Market Street');
    expect(start).toBeEnabled();
    await user.clear(duration);
    await user.type(duration, '4');
    expect(start).toBeDisabled();
  });

  it('says under the field why a start is refused: a blank destination, more than 180 minutes', async () => {
    const { user, api } = openDialog();
    const destination = await screen.findByLabelText('Destination');
    await user.type(destination, '   ');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(destination).toHaveAttribute('aria-invalid', 'true');
    expect(destination).toHaveAccessibleDescription(ESCORT_API_TEXTS.invalidInput);

    await user.type(destination, 'Home');
    expect(destination).not.toHaveAttribute('aria-invalid');
    const duration = screen.getByLabelText('Estimated Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '181');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(duration).toHaveAccessibleDescription(ESCORT_API_TEXTS.durationRange);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says GPS Not Available when the device has no geolocation, and starts nothing', async () => {
    const device = createFakeDevice();
    device.geolocation.isSupported = () => false;
    const { user, api } = openDialog({ device });
    await user.type(await screen.findByLabelText('Destination'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByText('GPS Not Available')).toBeInTheDocument();
    expect(screen.getByText('Your device does not support GPS tracking.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('without a GPS fix does not start (one rule with /map): says where the phone is and Location Required', async () => {
    const { user, api } = openDialog({ device: createFakeDevice({ gps: false }) });
    expect(await screen.findByTestId('escort-location-unknown')).toHaveTextContent(
      'Location unknown: no GPS reading yet. Location permission denied.',
    );
    await user.type(screen.getByLabelText('Destination'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByText('Location Required')).toBeInTheDocument();
    expect(screen.getByText('Please enable GPS to start escort mode.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    // Never started, so never "Tracking Off".
    expect(screen.queryByTestId('escort-active-view')).not.toBeInTheDocument();
  });

  it('with neither a contact nor a guardian says nobody would be told, keeps Start off, and offers to add a contact', async () => {
    const { user, api } = openDialog({
      savedContacts: [],
      relationships: [guardianLink('pending'), { ...guardianLink('active'), role: 'guardian' }],
    });
    const notice = await screen.findByTestId('escort-nobody-to-tell');
    expect(notice).toHaveTextContent(ESCORT_API_TEXTS.needsSomeoneToTell);
    await user.type(screen.getByLabelText('Destination'), 'Home');
    const start = screen.getByRole('button', { name: 'Start Escort Mode' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(ESCORT_API_TEXTS.needsSomeoneToTell);
    await user.click(within(notice).getByRole('button', { name: 'Add emergency contacts' }));
    expect(await screen.findByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/escort-sessions')).toBe(false);
  });

  it('starts with an active guardian and no contact: the deadline tells the guardian', async () => {
    const started = fakeEscort({ destination_address: 'Home' }, NOW);
    const { user } = openDialog({
      savedContacts: [],
      relationships: [guardianLink('active')],
      routes: [
        { method: 'POST', path: '/api/escort-sessions', body: started },
        { method: 'POST', path: sessionPath('route'), body: started },
      ],
    });
    await user.type(await screen.findByLabelText('Destination'), 'Home');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Escort Mode' })).toBeEnabled());
    expect(screen.queryByTestId('escort-nobody-to-tell')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByTestId('escort-active-view')).toBeInTheDocument();
  });

  it("shows the server's refusal when the screen's lists were out of date, and reads them again", async () => {
    const { user, api } = openDialog({
      routes: [
        {
          method: 'POST',
          path: '/api/escort-sessions',
          status: 400,
          body: { error: 'no_emergency_contacts', message: ESCORT_API_TEXTS.needsSomeoneToTell },
        },
      ],
    });
    await user.type(await screen.findByLabelText('Destination'), 'Home');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Escort Mode' })).toBeEnabled());
    // The contacts were deleted on another device meanwhile.
    api.routes.unshift({ method: 'GET', path: '/api/contacts', body: { contacts: [] } });
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByTestId('escort-nobody-to-tell')).toBeInTheDocument();
    expect(screen.getAllByText(ESCORT_API_TEXTS.needsSomeoneToTell).length).toBeGreaterThan(1);
    expect(screen.getByRole('button', { name: 'Start Escort Mode' })).toBeDisabled();
  });

  it('starts with the destination and duration, then shows the active view with the first two contacts and posts the first route point', async () => {
    const started = fakeEscort({ destination_address: 'Home', estimated_duration_minutes: 45 }, NOW);
    const device = createFakeDevice();
    const { user, api } = openDialog({
      device,
      routes: [
        { method: 'POST', path: '/api/escort-sessions', body: started },
        { method: 'POST', path: sessionPath('route'), body: started },
      ],
    });
    await user.type(await screen.findByLabelText('Destination'), 'Home');
    const duration = screen.getByLabelText('Estimated Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '45');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));

    expect(await screen.findByTestId('escort-active-view')).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/api/escort-sessions')?.body).toEqual({
      destination_address: 'Home',
      estimated_duration_minutes: 45,
    });
    expect(screen.getByTestId('escort-destination')).toHaveTextContent('Home');
    expect(screen.getByTestId('escort-status')).toHaveTextContent('Tracking Active');
    expect(await screen.findByRole('link', { name: 'Call Ada Byron' })).toHaveAttribute(
      'href',
      'tel:+15551234567',
    );
    expect(screen.getByRole('link', { name: 'Call Bob Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Call Cy Third' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === sessionPath('route'))?.body).toMatchObject({
        points: [{ latitude: 51.5, longitude: -0.12, accuracy: 10 }],
      }),
    );
    // The start asked for the camera in the same tap; nothing records until Start Recording.
    expect(device.permissionStates.camera).toBe('granted');
    expect(await screen.findByTestId('escort-video-monitoring')).toHaveTextContent(
      RECORDING_TEXTS.videoStopped,
    );
    expect(screen.getByRole('button', { name: RECORDING_TEXTS.startRecording })).toBeInTheDocument();
    expect(screen.queryByText(RECORDING_TEXTS.videoPermissionRequiredTitle)).not.toBeInTheDocument();
  });

  it('starts anyway when the camera is refused, and warns Video Permission Required', async () => {
    const started = fakeEscort({ destination_address: 'Home' }, NOW);
    const device = createFakeDevice();
    device.requestResults.camera = 'denied';
    const { user, api } = openDialog({
      device,
      routes: [
        { method: 'POST', path: '/api/escort-sessions', body: started },
        { method: 'POST', path: sessionPath('route'), body: started },
      ],
    });
    await user.type(await screen.findByLabelText('Destination'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Start Escort Mode' }));
    expect(await screen.findByText(RECORDING_TEXTS.videoPermissionRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(RECORDING_TEXTS.videoPermissionRequired)).toBeInTheDocument();
    expect(await screen.findByTestId('escort-active-view')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/escort-sessions')).toBe(true);
  });
});

describe('Escort Mode dialog: active', () => {
  it("counts down from the server's deadline in m:ss, turns red at 300 s and warns once", async () => {
    const warned = vi.spyOn(toast, 'warning');
    const session = fakeEscort({ deadline_at: new Date(NOW + 302_000).toISOString() }, NOW - 60_000);
    openDialog({ session, routes: [{ method: 'POST', path: sessionPath('route'), body: session }] });
    const remaining = await screen.findByTestId('escort-time-remaining');
    expect(remaining).toHaveTextContent('5:02');
    expect(remaining).toHaveAttribute('data-urgent', 'false');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(remaining).toHaveTextContent('5:01');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(remaining).toHaveTextContent('5:00');
    expect(remaining).toHaveAttribute('data-urgent', 'true');
    expect(await screen.findByText('Time Warning')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(remaining).toHaveTextContent('4:55');
    expect(warned).toHaveBeenCalledTimes(1);
  });

  it('Add time sends the minutes and shows the deadline the server answers with', async () => {
    const session = fakeEscort({}, NOW);
    const extended = { ...session, deadline_at: new Date(NOW + 45 * 60_000).toISOString() };
    const { user, api } = openDialog({
      session,
      routes: [
        { method: 'POST', path: sessionPath('extend'), body: extended },
        { method: 'POST', path: sessionPath('route'), body: session },
      ],
    });
    expect(await screen.findByTestId('escort-time-remaining')).toHaveTextContent('30:00');
    const addTime = screen.getByRole('region', { name: 'Add time' });
    expect(
      within(addTime)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+5 min', '+15 min', '+30 min']);
    await user.click(within(addTime).getByRole('button', { name: '+15 min' }));
    await waitFor(() => expect(screen.getByTestId('escort-time-remaining')).toHaveTextContent('45:00'));
    expect(api.requests.find((request) => request.path === sessionPath('extend'))?.body).toEqual({
      minutes: 15,
    });
  });

  it.each(["I'm Safe - Stop Tracking", 'Cancel Escort Mode'])(
    '%s completes the session and says Tracking Stopped',
    async (button) => {
      const session = fakeEscort({}, NOW);
      const { user, api } = openDialog({
        session,
        routes: [
          {
            method: 'POST',
            path: sessionPath('complete'),
            body: { ...session, status: 'completed', completed_at: new Date(NOW).toISOString() },
          },
          { method: 'POST', path: sessionPath('route'), body: session },
        ],
      });
      await user.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText('Tracking Stopped')).toBeInTheDocument();
      expect(api.requests.filter((request) => request.path === sessionPath('complete'))).toHaveLength(1);
      expect(await screen.findByRole('button', { name: 'Start Escort Mode' })).toBeInTheDocument();
    },
  );

  it('at 0 waits for the server, then shows EMERGENCY ALERT and TIME EXPIRED when the server says expired with no alert', async () => {
    const session = fakeEscort({ deadline_at: new Date(NOW + 2000).toISOString() }, NOW - 60_000);
    const { queryClient } = openDialog({
      session,
      routes: [{ method: 'POST', path: sessionPath('route'), body: session }],
    });
    expect(await screen.findByTestId('escort-status')).toHaveTextContent('Tracking Active');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('escort-time-remaining')).toHaveTextContent('0:00');
    expect(screen.getByTestId('escort-status')).toHaveTextContent('Time is up. Waiting for the server…');
    expect(screen.queryByText('EMERGENCY ALERT')).not.toBeInTheDocument();

    // What the realtime escort.updated does (app/realtime/apply-realtime-event.ts).
    act(() => {
      queryClient.setQueryData(journeyKeys.activeEscort(USER_ID), {
        ...session,
        status: 'expired',
        expired_at: new Date(NOW + 2000).toISOString(),
      });
    });
    await waitFor(() => expect(screen.getByTestId('escort-status')).toHaveTextContent('EMERGENCY ALERT'));
    expect(screen.getByTestId('escort-expired')).toHaveTextContent(
      'TIME EXPIRED! No emergency contacts configured.',
    );
    // It is over: no stop buttons (the server would refuse), a way to start a new one instead.
    expect(screen.queryByRole('button', { name: "I'm Safe - Stop Tracking" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new escort' }));
    expect(await screen.findByRole('button', { name: 'Start Escort Mode' })).toBeInTheDocument();
  });

  it("once the escort's alert has ended (I'm safe) shows the setup again, never EMERGENCY ALERT", async () => {
    const session = fakeEscort(
      { status: 'expired', expired_at: new Date(NOW).toISOString(), alert_id: ESCORT_ALERT_ID },
      NOW - 31 * 60_000,
    );
    const { queryClient } = openDialog({ session, activeAlerts: [escortAlert] });
    await waitFor(() => expect(screen.getByTestId('escort-status')).toHaveTextContent('EMERGENCY ALERT'));
    expect(screen.getByTestId('escort-expired')).toHaveTextContent(ESCORT_TEXTS.expiredWithAlert);

    // What "I'm safe" does on this device (features/sos/api/resolve-alert.ts).
    act(() => removeActiveAlert(queryClient, USER_ID, ESCORT_ALERT_ID));
    expect(await screen.findByRole('button', { name: 'Start Escort Mode' })).toBeInTheDocument();
    expect(screen.queryByText('EMERGENCY ALERT')).not.toBeInTheDocument();
    expect(screen.queryByText(ESCORT_TEXTS.expiredWithAlert)).not.toBeInTheDocument();
  });

  it('shows EMERGENCY ALERT when the deadline fires before the active alerts are read again', async () => {
    const session = fakeEscort({ deadline_at: new Date(NOW + 60_000).toISOString() }, NOW - 60_000);
    const { queryClient } = openDialog({
      session,
      routes: [{ method: 'POST', path: sessionPath('route'), body: session }],
    });
    expect(await screen.findByTestId('escort-status')).toHaveTextContent('Tracking Active');
    await waitFor(() => expect(queryClient.getQueryData(alertKeys.active(USER_ID))).toEqual([]));
    // escort.updated arrives; the list read before it cannot know the new alert yet.
    act(() => {
      queryClient.setQueryData(journeyKeys.activeEscort(USER_ID), {
        ...session,
        status: 'expired',
        expired_at: new Date(NOW).toISOString(),
        alert_id: ESCORT_ALERT_ID,
      });
    });
    await waitFor(() => expect(screen.getByTestId('escort-status')).toHaveTextContent('EMERGENCY ALERT'));
  });

  it('says the GPS error and shows tracking off when a fix fails, and never makes up a position', async () => {
    const session = fakeEscort({}, NOW);
    openDialog({ session, device: createFakeDevice({ gps: false }) });
    expect(await screen.findByText('GPS Error')).toBeInTheDocument();
    expect(
      screen.getByText('Unable to track your location. Location permission denied.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('escort-status')).toHaveTextContent('Tracking Off'));
    expect(screen.getByTestId('escort-location-unknown')).toHaveTextContent('Location unknown');
    expect(document.body).not.toHaveTextContent(/Charlotte|35\.22/);
  });

  it('offers Show/Hide Safety Map only when the card is given', async () => {
    const session = fakeEscort({}, NOW);
    const routes = [{ method: 'POST', path: sessionPath('route'), body: session }];
    const first = openDialog({ session, routes, safetyMap: true });
    await first.user.click(await screen.findByRole('button', { name: 'Show Safety Map' }));
    expect(screen.getByText('The safety map card')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Hide Safety Map' }));
    expect(screen.queryByText('The safety map card')).not.toBeInTheDocument();
    first.unmount();

    openDialog({ session, routes });
    await screen.findByTestId('escort-active-view');
    expect(screen.queryByRole('button', { name: /Safety Map/ })).not.toBeInTheDocument();
  });
});

describe('Escort Mode dialog: Guardian Video Monitoring', () => {
  it("Start Recording records for this escort and the card says Recording; I'm Safe ends the recording with the escort", async () => {
    const media = installFakeMedia();
    // Signed in, so the app's outbox runner sends what the recorder queues.
    storeSession(fakeSession());
    const session = fakeEscort({}, NOW);
    const { user, api } = openDialog({
      session,
      routes: [
        ...recordingUploadRoutes(),
        {
          method: 'POST',
          path: sessionPath('complete'),
          body: { ...session, status: 'completed', completed_at: new Date(NOW).toISOString() },
        },
        { method: 'POST', path: sessionPath('route'), body: session },
      ],
    });
    const panel = await screen.findByRole('region', { name: RECORDING_TEXTS.guardianPanelTitle });
    expect(panel).toHaveTextContent(RECORDING_TEXTS.limits);
    await user.click(within(panel).getByRole('button', { name: RECORDING_TEXTS.startRecording }));
    expect(await screen.findByRole('button', { name: RECORDING_TEXTS.stopRecording })).toBeInTheDocument();
    expect(screen.getByTestId('escort-video-monitoring')).toHaveTextContent(RECORDING_TEXTS.videoRecording);
    media.recorder().emitPiece('one');
    await waitFor(() => expect(uploadSteps(api.requests)).toEqual(['start', 'piece 0']));
    expect(api.requests.find((request) => request.path === '/api/recordings')?.body).toMatchObject({
      origin: 'escort',
      escortSessionId: session.id,
    });

    await user.click(screen.getByRole('button', { name: "I'm Safe - Stop Tracking" }));
    await waitFor(() => expect(uploadSteps(api.requests).at(-1)).toBe('finish'));
    expect(api.requests.find((request) => request.path.endsWith('/finish'))?.body).toEqual({
      chunkCount: 1,
      reason: 'escort_ended',
    });
    expect(media.recorder().state).toBe('inactive');
  });

  it("restarts the recording as the emergency's a second after the deadline raised the alert", async () => {
    const media = installFakeMedia();
    const expired = fakeEscort(
      { status: 'expired', alert_id: ESCORT_ALERT_ID, expired_at: new Date(NOW).toISOString() },
      NOW - 60_000,
    );
    storeSession(fakeSession());
    const { api } = openDialog({
      session: expired,
      routes: recordingUploadRoutes(),
      activeAlerts: [escortAlert],
    });
    expect(await screen.findByTestId('escort-status')).toHaveTextContent('EMERGENCY ALERT');
    await screen.findByRole('region', { name: RECORDING_TEXTS.guardianPanelTitle });
    await act(() => vi.advanceTimersByTimeAsync(RECORDING.restartOnEmergencyMs - 100));
    expect(media.recorders).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(media.recorders).toHaveLength(1));
    await waitFor(() => expect(uploadSteps(api.requests)).toEqual(['start']));
    expect(api.requests.find((request) => request.path === '/api/recordings')?.body).toMatchObject({
      origin: 'escort_emergency',
      escortSessionId: expired.id,
      alertId: ESCORT_ALERT_ID,
    });
  });
});
