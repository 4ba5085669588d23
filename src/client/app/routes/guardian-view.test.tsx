import { WARD_ONLINE_WITHIN_MS } from '#shared/constants';
import type { EscortSession, WardJourneysResponse } from '#shared/schemas/journey';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertDelivery, WardAlertDetail } from '#shared/schemas/alert';
import type { Ward } from '#shared/schemas/guardian';
import type { Location } from '#shared/schemas/location';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { WARD_BANNER_TEXTS } from '#shared/ward-banner-texts';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { fakeSession, mockApi } from '../../testing/fake-api';
import { acceptAndSettle, createFakeRealtime } from '../../testing/fake-realtime';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeRecording, RECORDING_ID } from '../../testing/fake-recordings';

const WARD_ID = '00000002-0000-4000-8000-000000000007';

function location(overrides: Partial<Location> = {}): Location {
  return {
    user_id: WARD_ID,
    latitude: 51.5,
    longitude: -0.12,
    accuracy: 12,
    speed: null,
    heading: null,
    altitude: null,
    address: null,
    battery_level: 64,
    online: true,
    recorded_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

const ward: Ward = {
  relationship_id: '00000003-0000-4000-8000-000000000001',
  ward_id: WARD_ID,
  full_name: 'Bob Ward',
  email: 'bob@example.org',
  location_sharing_enabled: true,
  location: location(),
  linked_since: '2025-01-01T00:00:00.000Z',
};

const alert = fakeAlert({ location_lat: 51.51, location_lng: -0.13, location_accuracy: 8 });

function delivery(status: AlertDelivery['status']): AlertDelivery {
  return {
    id: '00000004-0000-4000-8000-000000000001',
    purpose: 'alert',
    channel: 'sms',
    recipient: '+15551234567',
    recipient_name: 'Mum',
    status,
    attempts: status === 'pending' ? 0 : 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: status === 'sent' ? new Date().toISOString() : null,
  };
}

let nextId = 100;
function event<T extends RealtimeEvent['type']>(
  type: T,
  payload: Extract<RealtimeEvent, { type: T }>['payload'],
) {
  nextId += 1;
  return {
    id: nextId,
    type,
    user_id: WARD_ID,
    created_at: new Date().toISOString(),
    payload,
  } as RealtimeEvent;
}

async function openGuardianView({
  wardAlerts = [],
  path = '/guardian/wards',
  journeys = { escorts: [], checkins: [], warnings: [] },
}: { wardAlerts?: WardAlertDetail[]; path?: string; journeys?: WardJourneysResponse } = {}) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi([
    { method: 'GET', path: '/api/wards', body: { wards: [ward] } },
    { method: 'GET', path: '/api/wards/alerts', body: { alerts: wardAlerts } },
    { method: 'GET', path: '/api/wards/journeys', body: journeys },
    {
      method: 'GET',
      path: `/api/locations/route?userId=${WARD_ID}`,
      body: {
        user_id: WARD_ID,
        sharing: true,
        route: [{ latitude: 51.49, longitude: -0.11, accuracy: 10, recorded_at: '2025-01-01T00:00:00.000Z' }],
      },
    },
  ]);
  const realtime = createFakeRealtime();
  const rendered = await renderApp(path, { realtime: realtime.transport });
  return { api, realtime, ...rendered };
}

describe('/guardian/wards: the guardian view', () => {
  it("shows each ward's last position, battery and online state on a map", async () => {
    await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    expect(within(card).getByTestId('ward-coordinates')).toHaveTextContent('51.500000, -0.120000');
    expect(within(card).getByText('Battery 64%')).toBeInTheDocument();
    expect(within(card).getByText('Online')).toBeInTheDocument();
    expect(within(card).getByText('Last updated 1 min ago')).toBeInTheDocument();
    expect(within(card).getByRole('region', { name: "Map of Bob Ward's position" })).toBeInTheDocument();
  });

  it('connects to the realtime channel with the access token and shows Live once ready', async () => {
    const { realtime, queryClient } = await openGuardianView();
    await screen.findByRole('article', { name: 'Bob Ward' });
    expect(realtime.latest().query.get('access_token')).toBe('access-1');
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    expect(await screen.findByText('Live')).toBeInTheDocument();
  });

  it('moves the marker when a location.updated event arrives, without a reload', async () => {
    const { realtime, api, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    // Only the reads of the wards' own data count: features loaded after the first screen (the journey
    // heartbeat, the protection host's settings) make their own reads at any time.
    const wardRequests = () =>
      api.requests.filter((request) => /^\/api\/(wards|locations)\b/.test(request.path)).length;
    const requestsBefore = wardRequests();

    act(() => {
      realtime.emit(
        event(
          'location.updated',
          location({
            latitude: 51.52,
            longitude: -0.1,
            battery_level: 15,
            online: false,
            recorded_at: new Date().toISOString(),
          }),
        ),
      );
    });

    await waitFor(() =>
      expect(within(card).getByTestId('ward-coordinates')).toHaveTextContent('51.520000, -0.100000'),
    );
    expect(within(card).getByText('Battery 15%')).toBeInTheDocument();
    expect(within(card).getByText('Offline')).toBeInTheDocument();
    expect(within(card).getByText('Last updated just now')).toBeInTheDocument();
    // The Leaflet map loads on demand (components/map/live-map.tsx): wait for it, then for its marker.
    await waitFor(() => expect(card.querySelector('.leaflet-marker-icon')).not.toBeNull());
    // Live, not reloaded: no new request was needed.
    expect(wardRequests()).toBe(requestsBefore);
  });

  it('a position heard while a fresh channel re-reads the wards is not undone by the older read: it reads once more', async () => {
    const { realtime, api, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    // The first re-read of the wards leaves at once and is answered with the ward where they were then, but its
    // answer is held on the way until the ward has moved and the move has come over the channel.
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    let held = false;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const response = await answer(input, init);
      if (String(input) !== '/api/wards' || held) return response;
      held = true;
      await delivered;
      return response;
    });
    act(() => void realtime.accept('00000001-0000-4000-8000-000000000001', 100));
    await waitFor(() => expect(held).toBe(true));

    const moved = location({ latitude: 51.52, longitude: -0.1, recorded_at: new Date().toISOString() });
    api.routes.find((route) => route.path === '/api/wards')!.body = { wards: [{ ...ward, location: moved }] };
    act(() => realtime.emit(event('location.updated', moved)));
    deliver();

    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() =>
      expect(within(card).getByTestId('ward-coordinates')).toHaveTextContent('51.520000, -0.100000'),
    );
  });

  it('a ward lying still: a new check of the same place says so, without a new point', async () => {
    const { realtime, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    expect(within(card).getByText('Last updated 1 min ago')).toBeInTheDocument();
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('location.updated', { ...ward.location!, checked_at: new Date().toISOString() }));
    });
    expect(await within(card).findByText('Still at this place, checked just now')).toBeInTheDocument();
    expect(within(card).queryByText(/^Last updated/)).not.toBeInTheDocument();
  });

  it('shows a red banner on alert.created, then each contact text status as it changes', async () => {
    const { realtime, api, queryClient } = await openGuardianView();
    api.routes.push({
      method: 'POST',
      path: `/api/wards/alerts/${alert.id}/seen`,
      body: { alert_id: alert.id, ward_id: WARD_ID, seen_at: new Date().toISOString() },
    });
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);

    act(() => {
      realtime.emit(event('alert.created', alert));
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(banner).toHaveTextContent('Trigger: SOS button');
    expect(within(banner).getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=51.510000,-0.130000',
    );
    expect(banner).toHaveTextContent('No texts yet');

    act(() => {
      realtime.emit(event('alert.delivery_updated', { alert_id: alert.id, delivery: delivery('sending') }));
    });
    expect(await within(banner).findByRole('listitem', { name: 'Mum: Sending' })).toBeInTheDocument();
    act(() => {
      realtime.emit(event('alert.delivery_updated', { alert_id: alert.id, delivery: delivery('sent') }));
    });
    expect(await within(banner).findByRole('listitem', { name: 'Mum: Sent' })).toBeInTheDocument();
    // The ward's card keeps the alert too.
    expect(within(card).getByRole('listitem', { name: 'Mum: Sent' })).toBeInTheDocument();

    // "Seen" is stored on the server; the banner turns quiet but stays, since the ward is still in danger.
    await act(async () => {
      within(banner).getByRole('button', { name: 'Mark the alert from Bob Ward as seen' }).click();
    });
    const quiet = await screen.findByRole('status', { name: 'Emergency alert from Bob Ward' });
    expect(quiet).toHaveTextContent('Still active');
    expect(quiet).toHaveTextContent(/Seen /);
    expect(screen.queryByRole('alert', { name: 'Emergency alert from Bob Ward' })).not.toBeInTheDocument();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === `/api/wards/alerts/${alert.id}/seen`),
    ).toBe(true);
    expect(within(card).getByText('Trigger: SOS button')).toBeInTheDocument();
  });

  it('a Seen the server did not store leaves the banner loud and says Error, asking to try again', async () => {
    const { realtime, api, queryClient } = await openGuardianView();
    const seenPath = `/api/wards/alerts/${alert.id}/seen`;
    const busy = "Beacon's server can't reach its database right now. Please try again in a few seconds.";
    api.routes.unshift({
      method: 'POST',
      path: seenPath,
      status: 503,
      body: { error: 'service_unavailable', message: busy },
    });
    await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('alert.created', alert));
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    const seen = within(banner).getByRole('button', { name: 'Mark the alert from Bob Ward as seen' });
    await act(async () => seen.click());
    // The server says to try again: its words, under the title every failed request has.
    expect(await screen.findByText(busy)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();

    // An answer that does not say to try again (here, an alert this guardian can no longer see) gets ours.
    api.routes[0] = {
      method: 'POST',
      path: seenPath,
      status: 404,
      body: { error: 'not_found', message: 'Not found' },
    };
    await act(async () => seen.click());
    expect(await screen.findByText(WARD_BANNER_TEXTS.seenFailed)).toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Emergency alert from Bob Ward' })).toBeInTheDocument();
  });

  it('shows one banner for three alerts with a count, and "Bob Ward is safe" once the ward ends it', async () => {
    const { realtime, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    const raised = [1, 2, 3].map((n) =>
      fakeAlert(
        { id: `00000005-0000-4000-8000-00000000010${n}` },
        new Date(Date.now() - (4 - n) * 60_000).toISOString(),
      ),
    );
    act(() => {
      for (const each of raised) realtime.emit(event('alert.created', each));
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(screen.getAllByRole('alert', { name: 'Emergency alert from Bob Ward' })).toHaveLength(1);
    expect(banner).toHaveTextContent('+2 earlier alerts');
    expect(within(card).getAllByText('Still active')).toHaveLength(3);

    act(() => {
      realtime.emit(
        event('alert.resolved', { ...raised[2]!, status: 'resolved', resolved_at: new Date().toISOString() }),
      );
    });
    const safe = await screen.findByRole('status', { name: 'Bob Ward is safe' });
    expect(safe).toHaveTextContent(/Said “I’m safe” at /);
    expect(screen.queryByRole('alert', { name: 'Emergency alert from Bob Ward' })).not.toBeInTheDocument();
    expect(within(card).getByText('Bob Ward is safe')).toBeInTheDocument();
    expect(within(card).getAllByText('Resolved')).toHaveLength(3);

    await act(async () => {
      within(safe).getByRole('button', { name: 'Close the notice that Bob Ward is safe' }).click();
    });
    expect(screen.queryByRole('status', { name: 'Bob Ward is safe' })).not.toBeInTheDocument();
  });

  it('quietens the banner when the guardian said Seen on another device (alert.seen)', async () => {
    const { realtime, queryClient } = await openGuardianView();
    await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('alert.created', alert));
    });
    await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    act(() => {
      realtime.emit({
        ...event('alert.seen', { alert_id: alert.id, ward_id: WARD_ID, seen_at: new Date().toISOString() }),
        user_id: '00000001-0000-4000-8000-000000000001',
      } as RealtimeEvent);
    });
    expect(await screen.findByRole('status', { name: 'Emergency alert from Bob Ward' })).toBeInTheDocument();
  });

  it('says when an alert carries a last-known position rather than one sent with the SOS', async () => {
    const { realtime, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    const takenAt = new Date(Date.now() - 12 * 60_000).toISOString();
    act(() => {
      realtime.emit(
        event('alert.created', {
          ...alert,
          id: '00000005-0000-4000-8000-000000000009',
          location_source: 'last_known',
          location_recorded_at: takenAt,
        }),
      );
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    const link = within(banner).getByRole('link', { name: /^Last known location \(.+\): Open in Maps$/ });
    expect(link).toHaveAttribute('href', 'https://www.google.com/maps?q=51.510000,-0.130000');
    expect(within(card).getByRole('link', { name: /^Last known location/ })).toBeInTheDocument();
  });

  it('says a quick message raised the alert, never the SOS button, in the banner and on the card', async () => {
    const quick = { ...alert, message: 'I need help. Please call me now.' };
    await openGuardianView({
      wardAlerts: [
        {
          ward_id: WARD_ID,
          alert: quick,
          emergencyContacts: 1,
          deliveries: [delivery('sent')],
          summary: { successful: 1, total: 1 },
          responses: [],
          timeline: [],
          seen_at: null,
        },
      ],
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(banner).toHaveTextContent('Trigger: quick message');
    const card = screen.getByRole('article', { name: 'Bob Ward' });
    expect(within(card).getByText('Trigger: quick message')).toBeInTheDocument();
    expect(screen.queryByText(/SOS button/)).not.toBeInTheDocument();
  });

  it('shows, in a new window, an alert raised before it opened, with each text status from the server', async () => {
    const failed: AlertDelivery = {
      ...delivery('failed'),
      id: '00000004-0000-4000-8000-000000000002',
      recipient: '+15550000000',
      recipient_name: 'Dad',
      last_error: 'Number unreachable',
    };
    // Raised while the ward's phone was offline, 20 minutes before the server got it.
    const raisedAt = new Date(Date.parse(alert.created_at) - 20 * 60_000).toISOString();
    const { realtime, queryClient } = await openGuardianView({
      wardAlerts: [
        {
          ward_id: WARD_ID,
          alert: { ...alert, occurred_at: raisedAt },
          emergencyContacts: 2,
          deliveries: [delivery('sent'), failed],
          summary: { successful: 1, total: 2 },
          responses: [],
          timeline: [],
          seen_at: null,
        },
      ],
    });
    const banner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    expect(within(banner).getByRole('listitem', { name: 'Mum: Sent' })).toBeInTheDocument();
    expect(within(banner).getByRole('listitem', { name: /^Dad: Failed/ })).toBeInTheDocument();
    expect(banner.querySelector('time')).toHaveAttribute('datetime', raisedAt);
    const card = screen.getByRole('article', { name: 'Bob Ward' });
    expect(within(card).getByText('Trigger: SOS button')).toBeInTheDocument();

    // A live event about the same alert afterwards neither duplicates it nor notifies again.
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('alert.created', alert));
    });
    expect(screen.getAllByRole('alert', { name: 'Emergency alert from Bob Ward' })).toHaveLength(1);
  });

  it("scrolls to the ward's card when opened from a push notification's link", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await openGuardianView({ path: `/guardian/wards#ward-${WARD_ID}` });
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(card));
  });

  it("shows a ward's open escort from GET /api/wards/journeys with its deadline, countdown and route, and reloads it on escort.updated", async () => {
    const deadline = new Date(Date.now() + 10 * 60_000).toISOString();
    const route = [{ latitude: 51.45, longitude: -0.1, accuracy: 8, recorded_at: new Date().toISOString() }];
    const { realtime, api, queryClient } = await openGuardianView({
      journeys: { escorts: [escortSession({ deadline_at: deadline, route })], checkins: [], warnings: [] },
    });
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    const escort = await within(card).findByTestId('ward-escort');
    expect(escort).toHaveTextContent('Escort Mode');
    expect(escort).toHaveTextContent('To 10 Downing Street');
    expect(within(escort).getByText(/^Deadline /)).toHaveAttribute('dateTime', deadline);
    expect(within(escort).getByTestId('ward-escort-countdown')).toHaveTextContent(/^(10:00|9:5\d) left$/);
    expect(escort).toHaveTextContent('1 route point');

    const journeysRoute = api.routes.find((candidate) => candidate.path === '/api/wards/journeys');
    if (journeysRoute) journeysRoute.body = { escorts: [], checkins: [], warnings: [] };
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('escort.updated', escortSession({ status: 'completed' })));
    });
    await waitFor(() => expect(within(card).queryByTestId('ward-escort')).not.toBeInTheDocument());
  });

  it('says when an escort expired with no one to alert, and shows the check-in and its warnings', async () => {
    const signal = '2026-05-01T13:05:00.000Z';
    await openGuardianView({
      journeys: {
        escorts: [escortSession({ status: 'expired', expired_at: new Date().toISOString() })],
        checkins: [
          {
            id: '0000000a-0000-4000-8000-000000000001',
            user_id: WARD_ID,
            status: 'active',
            interval_minutes: 30,
            started_at: new Date().toISOString(),
            next_due_at: new Date(Date.now() + 30 * 60_000).toISOString(),
            last_checked_in_at: null,
            stopped_at: null,
            missed_at: null,
            alert_id: null,
          },
        ],
        warnings: [
          {
            kind: 'silence',
            journey: 'escort',
            journey_id: '00000008-0000-4000-8000-000000000001',
            user_id: WARD_ID,
            last_signal_at: signal,
            battery: 12,
            location: location({ latitude: 51.4, longitude: -0.2, recorded_at: signal }),
            created_at: new Date().toISOString(),
          },
        ],
      },
    });
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    expect(await within(card).findByTestId('ward-escort')).toHaveTextContent(
      'Time ran out. No emergency contacts were configured.',
    );
    expect(within(card).getByTestId('ward-checkin')).toHaveTextContent(/Next check-in due/);
    const warning = within(card).getByTestId('ward-journey-warning');
    const time = new Date(signal).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    expect(warning).toHaveTextContent(`No signal from Bob Ward since ${time}`);
    expect(warning).toHaveTextContent(`Last position 51.400000, -0.200000 at ${time}`);
    expect(warning).toHaveTextContent('Battery 12%');
    // One truth on the card: the phone has been silent since, so the badge does not say Online.
    expect(within(card).getByTestId('ward-signal')).toHaveTextContent('No recent signal');
    expect(within(card).queryByText('Online')).not.toBeInTheDocument();
  });

  it('stops calling a ward Online once their newest position is older than WARD_ONLINE_WITHIN_MS', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    try {
      await openGuardianView();
      const card = await screen.findByRole('article', { name: 'Bob Ward' });
      expect(within(card).getByTestId('ward-signal')).toHaveTextContent('Online');
      // Nothing more arrives from the phone (Beacon closed, or out of signal).
      await act(() => vi.advanceTimersByTimeAsync(WARD_ONLINE_WITHIN_MS));
      await waitFor(() =>
        expect(within(card).getByTestId('ward-signal')).toHaveTextContent('No recent signal'),
      );
      expect(within(card).queryByText('Online')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reconnects with `since` after the socket drops, so missed alerts are caught up', async () => {
    const { realtime, queryClient } = await openGuardianView();
    await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    act(() => {
      realtime.emit(event('location.updated', location({ recorded_at: new Date().toISOString() })));
    });
    const lastId = nextId;
    act(() => {
      realtime.latest().serverClose(1006);
    });
    await waitFor(() => expect(realtime.sockets).toHaveLength(2), { timeout: 3000 });
    expect(realtime.latest().query.get('since')).toBe(String(lastId));
    expect(await screen.findByText('Reconnecting...')).toBeInTheDocument();
  });
});

/** A ward's escort session as the server sends it. */
function escortSession(changes: Partial<EscortSession>): EscortSession {
  return {
    id: '00000008-0000-4000-8000-000000000001',
    user_id: WARD_ID,
    status: 'active',
    destination_address: '10 Downing Street',
    estimated_duration_minutes: 30,
    started_at: '2030-01-01T18:00:00.000Z',
    deadline_at: '2030-01-01T18:30:00.000Z',
    completed_at: null,
    expired_at: null,
    alert_id: null,
    route: [],
    ...changes,
  };
}

describe('/guardian/wards: a ward records', () => {
  it('tells the guardian at once when a ward starts recording and links the recording from their card', async () => {
    const { realtime, queryClient } = await openGuardianView();
    const card = await screen.findByRole('article', { name: 'Bob Ward' });
    await acceptAndSettle(realtime, queryClient, '00000001-0000-4000-8000-000000000001', 100);
    const recording = fakeRecording({ user_id: WARD_ID, owner_name: 'Bob Ward', origin: 'active_alert' });
    act(() => {
      realtime.emit(event('recording.updated', { ...recording, deleted: false }));
    });
    const title = RECORDING_TEXTS.wardStartedTitle('Bob Ward');
    expect(await screen.findByText(title)).toBeInTheDocument();
    const link = await within(card).findByRole('link', { name: /During an alert/ });
    expect(link).toHaveAttribute('href', `/recordings/${RECORDING_ID}`);
    expect(link).toHaveTextContent(RECORDING_TEXTS.statusLabels.recording);

    // It finished: the same link says so, and nobody is told twice.
    act(() => {
      realtime.emit(event('recording.updated', { ...recording, status: 'finished', deleted: false }));
    });
    await waitFor(() => expect(link).toHaveTextContent(RECORDING_TEXTS.statusLabels.finished));
    expect(screen.getAllByText(title)).toHaveLength(1);

    // The ward deleted it: it goes from the card.
    act(() => {
      realtime.emit(event('recording.updated', { ...recording, status: 'finished', deleted: true }));
    });
    await waitFor(() => expect(within(card).queryByTestId('ward-recordings')).not.toBeInTheDocument());
  });
});
