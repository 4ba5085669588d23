import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_VIBRATION_MS } from '#shared/constants';
import type { WardAlertDetail } from '#shared/schemas/alert';
import type { Ward } from '#shared/schemas/guardian';
import type { JourneyWarning, WardJourneysResponse } from '#shared/schemas/journey';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { forgetSoundedWarnings } from '../../features/guardians/hooks/use-warning-interruption';
import * as sounds from '../../lib/sounds';
import { fakeAlert } from '../../testing/fake-alert';
import { fakeSession, mockApi } from '../../testing/fake-api';
import { recordSounds } from '../../testing/fake-audio';
import { fakeEscort, fakeWarning } from '../../testing/fake-journeys';
import { createFakeRealtime } from '../../testing/fake-realtime';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const MARIA = '00000002-0000-4000-8000-000000000007';
const BOB = '00000002-0000-4000-8000-000000000008';
const ward = (ward_id: string, full_name: string): Ward => ({
  relationship_id: `00000003-0000-4000-8000-00000000000${ward_id.slice(-1)}`,
  ward_id,
  full_name,
  email: `${full_name.split(' ')[0]!.toLowerCase()}@example.org`,
  location_sharing_enabled: true,
  location: null,
  linked_since: '2025-01-01T00:00:00.000Z',
});
const ESCORT = fakeEscort({ user_id: MARIA });
const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();
const silence = (overrides: Partial<JourneyWarning> = {}): JourneyWarning =>
  fakeWarning({
    user_id: MARIA,
    journey_id: ESCORT.id,
    last_signal_at: minutesAgo(4),
    created_at: minutesAgo(1),
    ...overrides,
  });
const journeysWith = (...warnings: JourneyWarning[]): WardJourneysResponse => ({
  escorts: [ESCORT],
  checkins: [],
  warnings,
});

const vibrate = vi.fn<(pattern: VibratePattern) => boolean>(() => true);

async function openApp({
  journeys,
  wardAlerts = [],
  path = '/',
}: {
  journeys: WardJourneysResponse;
  wardAlerts?: WardAlertDetail[];
  path?: string;
}) {
  storeSession(fakeSession());
  markOnboardingSeenForTest();
  const api = mockApi([
    {
      method: 'GET',
      path: '/api/wards',
      body: { wards: [ward(MARIA, 'Maria Lopez'), ward(BOB, 'Bob Ward')] },
    },
    { method: 'GET', path: '/api/wards/alerts', body: { alerts: wardAlerts } },
    { method: 'GET', path: '/api/wards/journeys', body: journeys },
  ]);
  const realtime = createFakeRealtime();
  const rendered = await renderApp(path, { realtime: realtime.transport });
  return { api, realtime, ...rendered };
}

const warningBanner = () => screen.findByRole('alert', { name: /Maria Lopez['’]s (phone|battery)/ });

describe('a ward’s journey warning interrupts the guardian like an alert', () => {
  beforeEach(() => {
    forgetSoundedWarnings();
    recordSounds();
    vibrate.mockClear();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  });

  it('shows on any screen (here the dashboard): who, what, where, and the way to their card and map; it sounds and vibrates with Sound on', async () => {
    await openApp({ journeys: journeysWith(silence()) });
    const banner = await warningBanner();
    expect(banner).toHaveAccessibleName('Maria Lopez’s phone went quiet 4 min ago during their escort');
    expect(within(banner).getByText(/^Last seen at /)).toBeInTheDocument();
    expect(within(banner).getByText(/^Last position 51\.5/)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Open Maria Lopez’s card' })).toHaveAttribute(
      'href',
      `/guardian/wards#ward-${MARIA}`,
    );
    expect(within(banner).getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
      'href',
      expect.stringContaining('51.5'),
    );
    await waitFor(() => expect(vi.mocked(sounds.playSound)).toHaveBeenCalledWith('emergencyAlert'));
    expect(vibrate).toHaveBeenCalledWith(PROMPT_VIBRATION_MS);
  });

  it('a dying battery says how low it is', async () => {
    await openApp({ journeys: journeysWith(silence({ kind: 'last_gasp', battery: 3 })) });
    const banner = await warningBanner();
    expect(banner).toHaveAccessibleName("Maria Lopez's battery is at 3%");
    expect(within(banner).getByText('During their escort')).toBeInTheDocument();
  });

  it('stays silent and still with Sound off', async () => {
    vi.mocked(sounds.isSoundEnabled).mockReturnValue(false);
    await openApp({ journeys: journeysWith(silence()) });
    await warningBanner();
    expect(vi.mocked(sounds.playSound)).not.toHaveBeenCalled();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('"Got it" hides it on this device, also after a reload', async () => {
    const warning = silence();
    const { user, unmount } = await openApp({ journeys: journeysWith(warning) });
    const banner = await warningBanner();
    await user.click(
      within(banner).getByRole('button', { name: 'Got it: hide the warning about Maria Lopez' }),
    );
    await waitFor(() => expect(screen.queryByTestId('ward-warning-banner')).not.toBeInTheDocument());

    unmount();
    const reloaded = await openApp({ journeys: journeysWith(warning), path: '/guardian/wards' });
    // The ward's card still says it; the interruption does not come back.
    const card = await screen.findByRole('article', { name: 'Maria Lopez' });
    expect(within(card).getByTestId('ward-journey-warning')).toBeInTheDocument();
    expect(screen.queryByTestId('ward-warning-banner')).not.toBeInTheDocument();
    expect(reloaded.api.requests.some((request) => request.path === '/api/wards/journeys')).toBe(true);
  });

  it('a newer warning about the same ward replaces the older one, and interrupts even after "Got it" on the older', async () => {
    const older = silence();
    const { user, api, realtime } = await openApp({ journeys: journeysWith(older) });
    await user.click(within(await warningBanner()).getByRole('button', { name: /^Got it/ }));
    await waitFor(() => expect(screen.queryByTestId('ward-warning-banner')).not.toBeInTheDocument());

    const newer = silence({ kind: 'last_gasp', battery: 3, created_at: new Date().toISOString() });
    api.routes.find((route) => route.path === '/api/wards/journeys')!.body = journeysWith(older, newer);
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    act(() => void realtime.accept(fakeSession().user.id, 100));
    act(() => realtime.emit(wardEvent('journey.warning', newer)));

    const banner = await warningBanner();
    expect(banner).toHaveAccessibleName("Maria Lopez's battery is at 3%");
    expect(screen.getAllByTestId('ward-warning-banner')).toHaveLength(1);
  });

  it('a warning stored after the page read the journeys but before its realtime channel opened still interrupts, without a reload', async () => {
    const { api, realtime } = await openApp({ journeys: journeysWith() });
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/wards/journeys')).toBe(true),
    );
    // The server stores the warning now: no socket is open to hear it, and none will be sent it later.
    api.routes.find((route) => route.path === '/api/wards/journeys')!.body = journeysWith(silence());
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    act(() => void realtime.accept(fakeSession().user.id, 100));

    const banner = await warningBanner();
    expect(banner).toHaveAccessibleName('Maria Lopez’s phone went quiet 4 min ago during their escort');
  });

  it('stops interrupting once the journey has ended (the ward arrived)', async () => {
    const { api, realtime } = await openApp({ journeys: journeysWith(silence()) });
    await warningBanner();
    const arrived = { ...ESCORT, status: 'completed' as const, completed_at: new Date().toISOString() };
    api.routes.find((route) => route.path === '/api/wards/journeys')!.body = {
      escorts: [arrived],
      checkins: [],
      warnings: [silence()],
    };
    await waitFor(() => expect(realtime.sockets.length).toBeGreaterThan(0));
    act(() => void realtime.accept(fakeSession().user.id, 100));
    act(() => realtime.emit(wardEvent('escort.updated', arrived)));
    await waitFor(() => expect(screen.queryByTestId('ward-warning-banner')).not.toBeInTheDocument());
  });

  it('alerts come first: a ward’s alert banner above any warning, and a ward in alert shows only the alert', async () => {
    const bobAlert = fakeAlert({ id: '00000005-0000-4000-8000-0000000000b0' });
    const wardAlert: WardAlertDetail = {
      ward_id: BOB,
      alert: bobAlert,
      emergencyContacts: 0,
      deliveries: [],
      summary: { successful: 0, total: 0 },
      responses: [],
      timeline: [],
      seen_at: null,
      my_response: null,
    };
    const bobEscort = fakeEscort({ id: '00000009-0000-4000-8000-000000000002', user_id: BOB });
    const bobWarning = fakeWarning({
      user_id: BOB,
      journey_id: bobEscort.id,
      created_at: new Date().toISOString(),
    });
    await openApp({
      journeys: { escorts: [ESCORT, bobEscort], checkins: [], warnings: [silence(), bobWarning] },
      wardAlerts: [wardAlert],
    });
    const alertBanner = await screen.findByRole('alert', { name: 'Emergency alert from Bob Ward' });
    const warning = await warningBanner();
    // Before it in the page, so first on screen and first to a screen reader.
    expect(alertBanner.compareDocumentPosition(warning) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Bob's own warning waits behind his alert.
    expect(screen.getAllByTestId('ward-warning-banner')).toHaveLength(1);
  });
});

let nextId = 200;
function wardEvent<T extends RealtimeEvent['type']>(
  type: T,
  payload: Extract<RealtimeEvent, { type: T }>['payload'],
): RealtimeEvent {
  nextId += 1;
  return { id: nextId, type, user_id: MARIA, created_at: new Date().toISOString(), payload } as RealtimeEvent;
}
