import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProfile, fakeSession, mockApi } from '../../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../../testing/render-app';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function start(profileZone: string | null) {
  markOnboardingSeenForTest();
  storeSession(fakeSession());
  const api = mockApi([
    { method: 'GET', path: '/api/profile', body: fakeProfile({ time_zone: profileZone }) },
    { method: 'PATCH', path: '/api/profile', body: fakeProfile({ time_zone: browserZone }) },
  ]);
  await renderApp('/');
  return api;
}

describe('the time zone kept in the profile', () => {
  it('is set to the browser’s when the signed-in app starts somewhere else', async () => {
    const zone = browserZone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    const api = await start(zone);
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/profile', body: { time_zone: browserZone } }),
      ]),
    );
  });

  it('is left alone when it already is the browser’s', async () => {
    const api = await start(browserZone);
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/profile')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});
