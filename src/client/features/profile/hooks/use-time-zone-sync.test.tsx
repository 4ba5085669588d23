import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeProfile, fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { profileQueryOptions } from '../api/get-profile';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A screen that loads the profile, as the dashboard and /sos do: the sync only reads what they loaded. */
function ProfileScreen() {
  const { data } = useQuery(profileQueryOptions(fakeSession().user.id));
  return <p>{data ? `zone ${data.time_zone}` : 'loading'}</p>;
}

function start(profileZone: string | null) {
  storeSession(fakeSession());
  const api = mockApi([
    { method: 'GET', path: '/api/profile', body: fakeProfile({ time_zone: profileZone }) },
    { method: 'PATCH', path: '/api/profile', body: fakeProfile({ time_zone: browserZone }) },
  ]);
  renderWithProviders(<ProfileScreen />);
  return api;
}

describe('the time zone kept in the profile', () => {
  it('is set to the browser’s when the signed-in app starts somewhere else', async () => {
    const zone = browserZone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    const api = start(zone);
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/profile', body: { time_zone: browserZone } }),
      ]),
    );
  });

  it('is left alone when it already is the browser’s', async () => {
    const api = start(browserZone);
    // The sync hears of the loaded profile in the same render as the screen, and decides in that render's effect.
    expect(await screen.findByText(`zone ${browserZone}`)).toBeInTheDocument();
    // A save would go through the profile-saving code the sync loads on demand. Loaded here too, after any load
    // the sync started, it is here only once a PATCH the sync would have made has been made.
    await import('../api/update-profile');
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});

describe('the browser’s time zone', () => {
  it('comes from Temporal where there is one, without building a date formatter', async () => {
    const { browserTimeZone, hostTimeZone, hostTimeZoneName } =
      await import('../../../lib/browser-time-zone');
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Zurich' } });
    try {
      expect(hostTimeZone()).toBe('Europe/Zurich');
      expect(hostTimeZoneName()).toBe('Europe/Zurich');
      expect(formatter).not.toHaveBeenCalled();
      // Checked against the rule only when it is going to be stored.
      expect(browserTimeZone()).toBe('Europe/Zurich');
    } finally {
      vi.unstubAllGlobals();
      formatter.mockRestore();
    }
    // An offset is not a zone name (it ignores summer time).
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => '+05:00' } });
    try {
      expect(hostTimeZoneName()).toBeNull();
      expect(browserTimeZone()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
    // Without Temporal, from Intl.
    vi.stubGlobal('Temporal', undefined);
    try {
      expect(hostTimeZone()).toBe(browserZone);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
