import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProfile, fakeSession, mockApi } from '../../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../../testing/render-app';

describe('the menu (narrow screens)', () => {
  it('lists every screen and opens the Safety Map on a page of its own', async () => {
    storeSession(fakeSession());
    markOnboardingSeenForTest();
    mockApi([
      { method: 'GET', path: '/api/profile', body: fakeProfile() },
      { method: 'POST', path: '/api/nearby-places', body: { fallback: false, places: [] } },
    ]);
    const { router, user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    // The menu's own navigation, inside its dialog: the side navigation (for wide screens, loaded on demand) has the
    // same name and may be found first.
    const dialog = within(await screen.findByRole('dialog', { name: 'Beacon' }));
    const menu = within(dialog.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Emergency SOS', '/sos'],
      ['Escort Mode', '/map'],
      ['Safety Check-In', '/checkin'],
      ['Safety Map', '/safety-map'],
      ['Guardian Linking', '/guardian'],
      ['Guardian View', '/guardian/wards'],
      ['Permissions', '/permissions'],
      ['Settings', '/settings'],
    ]);
    // The dialog makes the rest of the page inert (pointer-events: none) before its own layer takes clicks again:
    // on a busy machine the menu can be found in between, so the click is tried until the layer is ready.
    await waitFor(() => user.click(menu.getByRole('link', { name: 'Safety Map' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/safety-map'));
    expect(await screen.findByRole('heading', { name: 'Safety Map', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Safety Map - Emergency Services & Safe Places' }),
    ).toBeInTheDocument();
    // Back home from the page's header.
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
