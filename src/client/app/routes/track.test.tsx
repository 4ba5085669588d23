import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACK_PAGE_REFRESH_MS } from '#shared/constants';
import type { TrackResponse } from '#shared/schemas/share-link';
import { SHARE_LINK_TEXTS } from '#shared/texts';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { mockApi } from '../../testing/fake-api';
import { fakeRecording, RECORDING_ID, signedManifest } from '../../testing/fake-recordings';
import { renderApp } from '../../testing/render-app';

const PATH = '/api/track/share-abc';

function tracked(latitude: number, overrides: Partial<TrackResponse> = {}): TrackResponse {
  return {
    full_name: 'Ada Lovelace',
    alert: null,
    sharing: true,
    location: {
      latitude,
      longitude: -0.12,
      accuracy: 9,
      speed: null,
      heading: null,
      altitude: null,
      address: null,
      battery_level: null,
      online: true,
      recorded_at: new Date(Date.now() - 2 * 60_000).toISOString(),
    },
    route: [{ latitude: 51.49, longitude: -0.12, accuracy: 9, recorded_at: '2025-01-01T00:00:00.000Z' }],
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    positions_ended_at: null,
    recordings: [],
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/track/:shareCode (public)', () => {
  it("shows the sharer's name, live position and last update, without signing in", async () => {
    const api = mockApi([{ method: 'GET', path: PATH, body: tracked(51.5) }]);
    await renderApp('/track/share-abc');
    expect(
      await screen.findByRole('heading', { name: "Ada Lovelace's live location", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Last updated 2 min ago')).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Map of the shared position' });
    // The Leaflet map loads on demand (components/map/live-map.tsx).
    await waitFor(() => expect(map.querySelector('.leaflet-marker-icon')).not.toBeNull());
    expect(screen.getByText(/^Link valid until /)).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === PATH)?.authorization).toBeNull();
    // Outside the app shell: no bottom navigation, no login card.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login to Beacon' })).not.toBeInTheDocument();
  });

  it('refreshes by itself every few seconds', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const api = mockApi([{ method: 'GET', path: PATH, body: tracked(51.5) }]);
    await renderApp('/track/share-abc');
    await screen.findByText('Last updated 2 min ago');
    const moved = tracked(51.6);
    const route = api.routes[0];
    if (route && moved.location)
      route.body = { ...moved, location: { ...moved.location, recorded_at: new Date().toISOString() } };

    await act(() => vi.advanceTimersByTimeAsync(TRACK_PAGE_REFRESH_MS));
    expect(await screen.findByText('Last updated just now')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('says an SOS is active and since when, and gives the position in words with an Open in Maps link', async () => {
    const raisedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const base = tracked(51.5);
    mockApi([
      {
        method: 'GET',
        path: PATH,
        body: {
          ...base,
          alert: { status: 'active', raised_at: raisedAt, resolved_at: null },
          location: base.location && { ...base.location, address: '10 Downing Street, London' },
        },
      },
    ]);
    await renderApp('/track/share-abc');
    const sos = await screen.findByRole('alert');
    expect(within(sos).getByText('Ada Lovelace raised an SOS')).toBeInTheDocument();
    expect(within(sos).getByText(/^SOS raised .+ \(5 min ago\)\. It is still active\.$/)).toBeInTheDocument();
    expect(screen.getByText('Near 10 Downing Street, London')).toBeInTheDocument();
    expect(screen.getByText('51.500000, -0.120000 (within 9 m)')).toBeInTheDocument();
    const maps = screen.getByRole('link', { name: /^Open in Maps/ });
    expect(maps).toHaveAttribute('href', 'https://www.google.com/maps?q=51.500000,-0.120000');
    expect(maps).toHaveAttribute('target', '_blank');
  });

  it('says when the person marked themselves safe', async () => {
    const base = tracked(51.5);
    mockApi([
      {
        method: 'GET',
        path: PATH,
        body: {
          ...base,
          alert: {
            status: 'resolved',
            raised_at: new Date(Date.now() - 30 * 60_000).toISOString(),
            resolved_at: new Date(Date.now() - 60_000).toISOString(),
          },
        },
      },
    ]);
    await renderApp('/track/share-abc');
    expect(await screen.findByText('Ada Lovelace marked themselves safe')).toBeInTheDocument();
    expect(screen.getByText(/^Marked safe .+, after an SOS raised .+\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('once the SOS the link was sent with has ended: the person is safe, since when, and no position or map', async () => {
    const safeAt = new Date(Date.now() - 60_000).toISOString();
    mockApi([
      {
        method: 'GET',
        path: PATH,
        body: tracked(0, {
          alert: {
            status: 'resolved',
            raised_at: new Date(Date.now() - 30 * 60_000).toISOString(),
            resolved_at: safeAt,
          },
          positions_ended_at: safeAt,
          location: null,
          route: [],
        }),
      },
    ]);
    await renderApp('/track/share-abc');
    expect(await screen.findByText('Ada Lovelace marked themselves safe')).toBeInTheDocument();
    // The page no longer calls itself a live location.
    expect(
      screen.getByRole('heading', { name: "Ada Lovelace's SOS has ended", level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^This link stopped showing the position when the SOS it was sent with ended \(.+\)\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Last known position')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of the shared position' })).not.toBeInTheDocument();
  });

  it('a phone lying still: when it last found itself at the place, and since when it is there', async () => {
    const base = tracked(51.5);
    const location = base.location && { ...base.location, checked_at: new Date().toISOString() };
    mockApi([{ method: 'GET', path: PATH, body: { ...base, location } }]);
    await renderApp('/track/share-abc');
    expect(
      await screen.findByText(/^Still at this place, checked just now \(here since .+\)$/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
  });

  it('gives every time with its time zone, for a reader who may be elsewhere', async () => {
    const base = tracked(51.5);
    const raisedAt = new Date(Date.now() - 5 * 60_000);
    mockApi([
      {
        method: 'GET',
        path: PATH,
        body: {
          ...base,
          alert: { status: 'active', raised_at: raisedAt.toISOString(), resolved_at: null },
          location: base.location && { ...base.location, checked_at: new Date().toISOString() },
        },
      },
    ]);
    await renderApp('/track/share-abc');
    const zone = (at: Date): string =>
      new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')!.value;
    const sos = await screen.findByRole('alert');
    expect(within(sos).getByText(/^SOS raised /).textContent).toContain(zone(raisedAt));
    expect(screen.getByText(/^Still at this place/).textContent).toContain(zone(new Date()));
    expect(screen.getByText(/^Link valid until /).textContent).toContain(zone(new Date()));
  });

  it('says when the person has location sharing off', async () => {
    mockApi([{ method: 'GET', path: PATH, body: tracked(0, { sharing: false, location: null, route: [] }) }]);
    await renderApp('/track/share-abc');
    expect(await screen.findByText('Location sharing is paused.')).toBeInTheDocument();
  });

  it('shows the expired message verbatim (410 link_expired) and stops polling', async () => {
    const api = mockApi([
      {
        method: 'GET',
        path: PATH,
        status: 410,
        body: { error: 'link_expired', message: SHARE_LINK_TEXTS.linkExpired },
      },
    ]);
    await renderApp('/track/share-abc');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This tracking link has expired.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === PATH)).toHaveLength(1);
  });

  it('shows the revoked message verbatim (410 link_inactive)', async () => {
    mockApi([
      {
        method: 'GET',
        path: PATH,
        status: 410,
        body: { error: 'link_inactive', message: SHARE_LINK_TEXTS.linkInactive },
      },
    ]);
    await renderApp('/track/share-abc');
    expect(await screen.findByText('This tracking link is no longer active.')).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown link', async () => {
    mockApi([{ method: 'GET', path: PATH, status: 404, body: { error: 'not_found', message: 'Not found' } }]);
    await renderApp('/track/share-abc');
    expect(await screen.findByRole('heading', { name: 'Tracking link not found' })).toBeInTheDocument();
  });
});

describe('/track/:shareCode: recordings', () => {
  const RECORDINGS = `/api/track/share-abc/recordings/${RECORDING_ID}`;
  const MEDIA_URL = `/api/recordings/${RECORDING_ID}/media?expires=1&signature=share`;
  const PIECES = ['one', 'two'].map((text) => new TextEncoder().encode(text));

  it('lists the recordings the link may play, plays one through the link without signing in, and verifies it', async () => {
    const manifest = await signedManifest(PIECES);
    const api = mockApi([
      {
        method: 'GET',
        path: PATH,
        body: tracked(51.5, {
          recordings: [fakeRecording({ status: 'finished', contiguous_chunks: 2, type: 'audio' })],
        }),
      },
      {
        method: 'POST',
        path: `${RECORDINGS}/playback`,
        body: { media_url: MEDIA_URL, expires_at: '2099-01-01T00:00:00.000Z' },
      },
      { method: 'GET', path: `${RECORDINGS}/manifest`, body: manifest },
      { method: 'GET', path: MEDIA_URL, bytes: new Uint8Array([...(PIECES[0] ?? []), ...(PIECES[1] ?? [])]) },
    ]);
    const { user } = await renderApp('/track/share-abc');
    const list = await screen.findByRole('region', { name: RECORDING_TEXTS.sharedTitle });
    const item = within(list).getByTestId('shared-recording');
    expect(item).toHaveTextContent(RECORDING_TEXTS.statusLabels.finished);
    expect(item).toHaveTextContent('2 seconds on the server');
    // Nothing is asked for (and no view logged) until Play.
    expect(api.requests.some((request) => request.path.endsWith('/playback'))).toBe(false);

    await user.click(within(item).getByRole('button', { name: RECORDING_TEXTS.play }));
    const player = await within(item).findByTestId('recording-player');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', MEDIA_URL);
    const playback = api.requests.find((request) => request.path === `${RECORDINGS}/playback`);
    expect(playback?.authorization).toBeNull();

    await user.click(within(item).getByRole('button', { name: RECORDING_TEXTS.verify }));
    expect(await within(item).findByTestId('verify-result')).toHaveTextContent(RECORDING_TEXTS.untampered(2));
  });

  it('shows no recordings section when the link has none', async () => {
    mockApi([{ method: 'GET', path: PATH, body: tracked(51.5) }]);
    await renderApp('/track/share-abc');
    await screen.findByRole('heading', { name: "Ada Lovelace's live location", level: 1 });
    expect(screen.queryByTestId('shared-recordings')).not.toBeInTheDocument();
  });
});
