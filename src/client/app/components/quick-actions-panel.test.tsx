import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playSound } from '../../lib/sounds';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';
import { recordSounds } from '../../testing/fake-audio';

beforeEach(() => {
  recordSounds();
});

// Rendered on the dashboard, where it sits (it needs the signed-in route around it).
describe('the quick actions panel on the dashboard', () => {
  it('saves the Sound toggle to the profile’s sound_enabled, with the toggle tones', async () => {
    storeSession(fakeSession());
    const api = mockApi([
      { method: 'GET', path: '/api/profile', body: fakeProfile({ sound_enabled: true }) },
      { method: 'PATCH', path: '/api/profile', body: fakeProfile({ sound_enabled: false }) },
    ]);
    markOnboardingSeenForTest();
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sound On' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'Sound Off' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/profile', body: { sound_enabled: false } }),
      ]),
    );
    expect(vi.mocked(playSound).mock.calls).toEqual([['toggleOff']]);

    const grid = screen.getByTestId('quick-action-grid');
    await user.click(within(grid).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    // Show/Hide Map and Escort Mode are not offered until the dashboard wires them.
    expect(screen.queryByRole('button', { name: /Map$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escort Mode' })).not.toBeInTheDocument();
  });

  it('opens the Your Location dialog', async () => {
    storeSession(fakeSession());
    mockApi([{ method: 'GET', path: '/api/profile', body: fakeProfile() }]);
    markOnboardingSeenForTest();
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Your Location' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'Your Location' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Current Location' })).toBeInTheDocument();
  });

  it('opens Who You’re Meeting from Who Meeting', async () => {
    storeSession(fakeSession());
    mockApi([{ method: 'GET', path: '/api/profile', body: fakeProfile() }]);
    markOnboardingSeenForTest();
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Who Meeting' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Who You’re Meeting' });
    expect(within(dialog).getByRole('button', { name: 'Save Meeting Details' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Recent Meetings' })).toBeInTheDocument();
  });

  it('opens Fake Call from Fake Call', async () => {
    storeSession(fakeSession());
    mockApi([{ method: 'GET', path: '/api/profile', body: fakeProfile() }]);
    markOnboardingSeenForTest();
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Fake Call' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Fake Call' });
    expect(within(dialog).getByRole('button', { name: 'Schedule call' })).toBeInTheDocument();
  });
});
