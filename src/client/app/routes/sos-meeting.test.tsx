import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS } from '#shared/constants';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertMeeting } from '#shared/schemas/meeting';
import type { EmergencyContact } from '#shared/schemas/profile';
import { alertOutboxKind } from '../../features/sos/api/alert-outbox';
import { meetingLogStore, meetingPhotoKey } from '../../lib/meeting-log/meeting-log-store';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../testing/fake-api';
import { recordSounds } from '../../testing/fake-audio';
import { createFakeDevice, type FakeDevice } from '../../testing/fake-device';
import { renderApp, storeSession } from '../../testing/render-app';

/**
 * An alert raised during a logged meeting carries it (docs/PRODUCT.md#who-youre-meeting): the SOS, a quick message,
 * the queued alert and the messaging-app text alike. Nothing of the log leaves the phone otherwise.
 */

const USER_ID = '00000001-0000-4000-8000-000000000001';
const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
const ada: EmergencyContact = {
  id: '1700000000000',
  name: 'Ada Byron',
  phone: '+15551234567',
  relationship: 'Family',
};

/** The meeting under way while the tests run (their clock starts at the real now). */
function logMeetingUnderWay(): AlertMeeting {
  const now = Date.now();
  const entry = {
    id: 'meeting-1',
    person: 'Sam from the app',
    location: 'Café Nero, High St',
    startAt: new Date(now - 30 * 60_000).toISOString(),
    endAt: new Date(now + 60 * 60_000).toISOString(),
    notes: 'Blue jacket',
    createdAt: new Date(now - 35 * 60_000).toISOString(),
  };
  meetingLogStore(USER_ID).set([
    { ...entry, hasPhoto: true },
    // An older one, over: never sent.
    {
      ...entry,
      id: 'meeting-0',
      person: 'Yesterday’s',
      startAt: new Date(now - 26 * 3_600_000).toISOString(),
      endAt: new Date(now - 25 * 3_600_000).toISOString(),
      createdAt: new Date(now - 27 * 3_600_000).toISOString(),
      hasPhoto: false,
    },
  ]);
  window.localStorage.setItem(meetingPhotoKey(USER_ID, 'meeting-1'), PHOTO);
  const { id: _id, createdAt: _created, ...sent } = entry;
  return { ...sent, photo: PHOTO };
}

function answered(meeting: AlertMeeting | null, message: string | null = null): AlertDetail {
  return {
    alert: fakeAlert({
      message,
      location_lat: 51.5,
      location_lng: -0.12,
      location_accuracy: 10,
      meeting: meeting
        ? {
            person: meeting.person,
            location: meeting.location,
            startAt: meeting.startAt,
            endAt: meeting.endAt,
            notes: meeting.notes,
            hasPhoto: meeting.photo !== null,
          }
        : null,
    }),
    emergencyContacts: 1,
    deliveries: [],
    summary: { successful: 1, total: 1 },
    responses: [],
    timeline: [],
  };
}

function routes(detail: AlertDetail, alertStatus = 201): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile({ full_name: 'Grace Hopper' }) },
    { method: 'GET', path: '/api/contacts', body: { contacts: [ada] } },
    { method: 'POST', path: '/api/alerts', status: alertStatus, body: detail },
    { method: 'GET', path: `/api/alerts/${detail.alert.id}`, body: detail },
  ];
}

function alertBodies(api: ReturnType<typeof mockApi>): Record<string, unknown>[] {
  return api.requests
    .filter((request) => request.method === 'POST' && request.path === '/api/alerts')
    .map((request) => request.body as Record<string, unknown>);
}

async function openSosPage(api: FakeRoute[], device: FakeDevice = createFakeDevice()) {
  const mock = mockApi(api);
  const view = await renderApp('/sos', { device });
  await screen.findByRole('heading', { name: 'Emergency SOS', level: 1 });
  await screen.findByRole('link', { name: 'Call Ada Byron' });
  return { ...view, api: mock, device };
}

async function raiseSos(user: Awaited<ReturnType<typeof renderApp>>['user']): Promise<void> {
  await user.click(screen.getByRole('button', { name: /^SOS/ }));
  await screen.findByRole('dialog', { name: 'Emergency SOS Activation' });
  await act(() => vi.advanceTimersByTimeAsync(SOS.countdownSeconds * SOS.tickMs + SOS.zeroHoldMs));
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

describe('an alert raised during a logged meeting', () => {
  it('carries the meeting under way, photo included, and the active-alert screen says it went with it', async () => {
    const meeting = logMeetingUnderWay();
    const { user, api } = await openSosPage(routes(answered(meeting)));
    await raiseSos(user);
    const active = await screen.findByTestId('active-alert-screen');
    expect(alertBodies(api)).toEqual([
      {
        triggerType: 'manual',
        location: { latitude: 51.5, longitude: -0.12, accuracy: 10 },
        meeting,
      },
    ]);
    const shared = within(active).getByTestId('alert-meeting');
    expect(
      within(shared).getByRole('heading', { name: 'Your meeting went with this alert' }),
    ).toBeInTheDocument();
    expect(shared).toHaveTextContent('Sam from the app · Café Nero, High St · Since');
    expect(shared).toHaveTextContent('Your guardians also see your notes and the photo.');
  });

  it('goes with a quick message too', async () => {
    const meeting = logMeetingUnderWay();
    const { user, api } = await openSosPage(routes(answered(meeting, 'I need help. Please call me now.')));
    await user.click(screen.getByRole('button', { name: 'I need help. Please call me now.' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await screen.findByTestId('active-alert-screen');
    expect(alertBodies(api)).toEqual([
      expect.objectContaining({ message: 'I need help. Please call me now.', meeting }),
    ]);
  });

  it('is not sent when no logged meeting is under way, and the screen says nothing of one', async () => {
    const now = Date.now();
    meetingLogStore(USER_ID).set([
      {
        id: 'later',
        person: 'Tonight',
        location: '',
        startAt: new Date(now + 3_600_000).toISOString(),
        endAt: null,
        notes: '',
        hasPhoto: false,
        createdAt: new Date(now).toISOString(),
      },
    ]);
    const { user, api } = await openSosPage(routes(answered(null)));
    await raiseSos(user);
    const active = await screen.findByTestId('active-alert-screen');
    expect(alertBodies(api)).toEqual([
      { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12, accuracy: 10 } },
    ]);
    expect(within(active).queryByTestId('alert-meeting')).not.toBeInTheDocument();
  });

  it('offline: the messaging-app text names the meeting, and the queued alert carries it to the server', async () => {
    const meeting = logMeetingUnderWay();
    const device = createFakeDevice();
    const { user, api } = await openSosPage(routes(answered(meeting)), device);
    act(() => device.setOnline(false));
    await raiseSos(user);
    await screen.findByTestId('saved-alert-panel');
    expect(device.smsOpened).toHaveLength(1);
    const url = device.smsOpened[0] ?? '';
    const text = decodeURIComponent(url.slice(url.indexOf('?body=') + '?body='.length));
    // A time on another day than the alert's carries its date (a meeting running past midnight).
    expect(text).toMatch(
      /^Meeting: Sam from the app at Café Nero, High St, since (\d{4}-\d\d-\d\d )?\d\d:\d\d .+ \(expected to end (\d{4}-\d\d-\d\d )?\d\d:\d\d .+\)\.$/m,
    );
    // Notes and photo stay out of a text.
    expect(text).not.toContain('Blue jacket');
    expect(text).not.toContain('base64');
    const [queued] = await deviceOutbox.items(alertOutboxKind, USER_ID);
    expect(queued?.payload.request.meeting).toEqual(meeting);

    act(() => device.setOnline(true));
    await waitFor(() => expect(alertBodies(api)).toHaveLength(1));
    expect(alertBodies(api)[0]).toMatchObject({ meeting });
  });
});
