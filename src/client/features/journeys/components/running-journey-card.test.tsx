import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, fakeSession, mockApi, type FakeRoute } from '../../../testing/fake-api';
import { fakeCheckIn, fakeEscort } from '../../../testing/fake-journeys';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../../testing/render-app';

const MINUTE = 60_000;

function routes(escort: unknown, checkin: unknown = null): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    { method: 'GET', path: '/api/escort-sessions/active', body: { session: escort } },
    { method: 'GET', path: '/api/checkins/active', body: { checkin } },
  ];
}

let vibrate: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  markOnboardingSeenForTest();
  storeSession(fakeSession());
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'vibrate');
});

describe('the dashboard’s running journey', () => {
  it('shows a running escort with its time left, warns in the last five minutes and asks "Are you safe?" at the deadline', async () => {
    const start = Date.now();
    const escort = fakeEscort({
      deadline_at: new Date(start + 6 * MINUTE).toISOString(),
      last_chance_seconds: 120,
    });
    const api = mockApi([
      {
        method: 'POST',
        path: `/api/escort-sessions/${escort.id}/complete`,
        body: { ...escort, status: 'completed', completed_at: new Date().toISOString() },
      },
      ...routes(escort),
    ]);
    const { user } = await renderApp('/');
    const card = await screen.findByRole('region', { name: 'Escort to 12 Market Street' });
    expect(within(card).getByTestId('running-journey-time-left')).toHaveTextContent(/^[56]:\d\d left$/);
    expect(within(card).getByRole('button', { name: "I'm Safe" })).toBeInTheDocument();
    expect(vibrate).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 2_000));
    expect(within(card).getByRole('status')).toHaveTextContent('5 minutes left');
    expect(vibrate).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE));
    const prompt = within(card).getByRole('alert');
    expect(prompt).toHaveTextContent('Are you safe?');
    expect(prompt).toHaveTextContent(/Your contacts will be texted in 1:[45]\d\./);
    expect(within(card).getByRole('button', { name: 'Add time (+15 min)' })).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledTimes(2);

    await user.click(within(card).getByRole('button', { name: "I'm Safe" }));
    expect(
      api.requests.some((request) => request.path === `/api/escort-sessions/${escort.id}/complete`),
    ).toBe(true);
  });

  it('shows a running check-in with Check In Now and no prompt before its deadline', async () => {
    const checkin = fakeCheckIn({ last_chance_seconds: 120 });
    mockApi(routes(null, checkin));
    await renderApp('/');
    const card = await screen.findByRole('region', { name: 'Safety check-in' });
    expect(within(card).getByRole('button', { name: 'Check In Now' })).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays silent with Sound off', async () => {
    const start = Date.now();
    const escort = fakeEscort({
      deadline_at: new Date(start + 5 * MINUTE + 5_000).toISOString(),
      last_chance_seconds: 120,
    });
    mockApi([
      { method: 'GET', path: '/api/profile', body: fakeProfile({ sound_enabled: false }) },
      ...routes(escort),
    ]);
    await renderApp('/');
    const card = await screen.findByRole('region', { name: 'Escort to 12 Market Street' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(within(card).getByRole('status')).toHaveTextContent('5 minutes left');
    expect(vibrate).not.toHaveBeenCalled();
  });
});
