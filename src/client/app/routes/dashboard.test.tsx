import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SPLASH_DELAY_MS, STORAGE_KEYS } from '#shared/constants';
import { meetingLogStore, meetingPhotoKey } from '../../lib/meeting-log/meeting-log-store';
import { readOfflineEmergencyData, saveOfflineContacts } from '../../lib/offline-emergency-data';
import { getSession } from '../../lib/session-store';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { createFakeDevice } from '../../testing/fake-device';
import { fakeMeeting } from '../../testing/fake-meeting';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

const profileRoute = { method: 'GET', path: '/api/profile', body: fakeProfile() };

describe('dashboard routes', () => {
  it('takes a first-time visitor from / through splash and onboarding to sign-in, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    mockApi();
    const { router, user } = await renderApp('/');
    expect(router.state.location.pathname).toBe('/splash');
    expect(screen.getByText('Your personal safety companion')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SPLASH_DELAY_MS));
    // The welcome screen's code loads when it is first opened.
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(await screen.findByRole('heading', { name: 'Emergency SOS' })).toBeInTheDocument();
    vi.useRealTimers();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Trusted Contacts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Location Tracking' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Safety First' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Someone new: Get Started opens the sign-up form, not the login.
    expect(router.state.location.pathname).toBe('/auth');
    expect(await screen.findByRole('heading', { name: 'Create Beacon Account' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.onboardingSeen)).toBe('true');
  });

  it('after sign-up goes to / (the Location tab lit) and offers the permissions screen once', async () => {
    markOnboardingSeenForTest();
    mockApi([
      { method: 'POST', path: '/api/auth/signup', body: fakeSession() },
      profileRoute,
      { method: 'GET', path: '/api/contacts', body: { contacts: [] } },
    ]);
    const { router, user } = await renderApp('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Full Name'), 'Nina New');
    await user.type(screen.getByLabelText('Email'), 'nina@example.test');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const offer = await screen.findByRole('region', { name: 'Welcome to Beacon' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Location');
    expect(within(offer).getByRole('link', { name: 'Set up permissions' })).toHaveAttribute(
      'href',
      '/permissions',
    );
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Welcome to Beacon' })).not.toBeInTheDocument();
  });

  it('Skip on the carousel goes straight to /auth', async () => {
    mockApi();
    const { router, user } = await renderApp('/welcome');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a returning signed-out person the login card directly', async () => {
    markOnboardingSeenForTest();
    mockApi();
    const { router } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows the backend message when the health check fails', async () => {
    markOnboardingSeenForTest();
    mockApi([
      { method: 'GET', path: '/api/health', status: 503, body: { error: 'internal', message: 'down' } },
    ]);
    await renderApp('/auth');
    expect(
      await screen.findByRole('heading', { name: 'Backend Configuration Required' }),
    ).toBeInTheDocument();
  });

  it('keeps the dashboard and its SOS button for a signed-in person when the server fails, with a notice', async () => {
    storeSession(fakeSession());
    const down = { error: 'service_unavailable', message: 'down' };
    const api = mockApi([
      {
        method: 'GET',
        path: '/api/health',
        status: 503,
        body: { status: 'degraded', version: '1.0.0', database: 'postgres', databaseStatus: 'unavailable' },
      },
      { method: 'GET', path: '/api/profile', status: 503, body: down },
      { method: 'GET', path: '/api/contacts', status: 503, body: down },
    ]);
    const { user } = await renderApp('/');
    // The notice is loaded on demand (its module may take a moment on a busy machine).
    const notice = await screen.findByRole(
      'status',
      { name: "Beacon's server can't be reached" },
      { timeout: 5000 },
    );
    expect(within(notice).getByText(/SOS still works: it opens your messaging app/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SOS' })).toBeEnabled();
    expect(screen.queryByText('Backend Configuration Required')).not.toBeInTheDocument();
    // The status card does not claim the system is ready while its server does not answer.
    expect(screen.getByRole('heading', { name: 'Server Unreachable' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Ready' })).not.toBeInTheDocument();
    expect(screen.getByTestId('network-status')).toHaveAttribute('data-ok', 'false');

    // The notice goes away once the server answers again (Try Again, or the periodic re-check).
    api.routes.splice(0, 1);
    await user.click(within(notice).getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: "Beacon's server can't be reached" }),
      ).not.toBeInTheDocument(),
    );
    // Back to what is true of this person: no contacts yet, so not ready (never "System Ready").
    expect(await screen.findByRole('heading', { name: 'Not Ready Yet' })).toBeInTheDocument();
  });

  it('says System Ready only once the person has a contact, location and notifications', async () => {
    storeSession(fakeSession());
    const device = createFakeDevice({ gps: true, battery: 0.9 });
    device.pushState.permission = 'granted';
    device.pushState.subscription = {
      endpoint: 'https://push.example.test/1',
      keys: { p256dh: 'k', auth: 'a' },
    };
    mockApi([
      profileRoute,
      {
        method: 'GET',
        path: '/api/contacts',
        body: {
          contacts: [{ id: 'c1', name: 'Ada', phone: '+12015550123', relationship: 'Friend' }],
        },
      },
    ]);
    await renderApp('/', { device });
    expect(await screen.findByRole('heading', { name: 'System Ready' })).toBeInTheDocument();
    expect(screen.getByText('All safety features are active')).toBeInTheDocument();
  });

  it('shows the signed-in dashboard: header, readiness, contacts slot, bottom nav', async () => {
    storeSession(fakeSession());
    mockApi([profileRoute, { method: 'GET', path: '/api/contacts', body: { contacts: [] } }]);
    const { user } = await renderApp('/contacts');
    // A new person: no contacts and notifications off, so the card says what is missing instead of "System Ready".
    expect(await screen.findByRole('heading', { name: 'Not Ready Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'System Ready' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByTestId('gap-contacts')).getByRole('button', { name: 'Add a contact' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Add Emergency Contact' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Beacon', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Emergency Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
  });

  it('falls back to the login card when the server rejects the session (401)', async () => {
    storeSession(fakeSession());
    mockApi([
      {
        method: 'GET',
        path: '/api/profile',
        status: 401,
        body: { error: 'not_authenticated', message: 'Not authenticated' },
      },
    ]);
    await renderApp('/');
    // The profile request (made as soon as the dashboard shows) answers 401.
    expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});

describe('settings', () => {
  it('/settings redirects a signed-out visitor to /', async () => {
    markOnboardingSeenForTest();
    mockApi();
    const { router } = await renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/settings opens the dialog full-page; sections open and the back arrow returns; closing goes to /', async () => {
    storeSession(fakeSession());
    mockApi([profileRoute]);
    const { router, user } = await renderApp('/settings');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    for (const name of [
      'How It Works',
      'Profile',
      'Notifications',
      'Privacy & Security',
      'Emergency Settings',
      'App Preferences',
      'Subscription',
      'About',
    ]) {
      expect(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: /^About/ }));
    expect(screen.getByText('1.0.0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to settings' }));
    expect(within(dialog).getByRole('button', { name: /^Profile/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Notifications holds only a switch that acts: Web Push on this device, nothing saved that changes nothing', async () => {
    storeSession(fakeSession());
    const api = mockApi([profileRoute]);
    const { user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    const push = await within(dialog).findByRole('switch', { name: 'Get alerts when Beacon is closed' });
    expect(within(dialog).getAllByRole('switch')).toEqual([push]);
    expect(within(dialog).queryByText('Emergency Alerts')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Location Sharing')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('saves Emergency Contact Access to the server and says what it does', async () => {
    storeSession(fakeSession());
    const api = mockApi([
      profileRoute,
      {
        method: 'PATCH',
        path: '/api/profile',
        body: fakeProfile({ settings: { ...fakeProfile().settings, emergencyContacts: false } }),
      },
    ]);
    const { user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Privacy/ }));
    const toggle = await screen.findByRole('switch', { name: 'Emergency Contact Access' });
    expect(toggle).toHaveAccessibleDescription(
      'Send my emergency contacts a live-tracking link with my SOS text. When off, they still get the text, without the link.',
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() =>
      expect(api.requests.at(-1)).toMatchObject({
        method: 'PATCH',
        path: '/api/profile',
        body: { settings: { emergencyContacts: false } },
      }),
    );
    expect(toggle).not.toBeChecked();
  });

  it('flips a toggle back and says why when saving fails', async () => {
    storeSession(fakeSession());
    mockApi([
      profileRoute,
      {
        method: 'PATCH',
        path: '/api/profile',
        status: 500,
        body: { error: 'internal', message: 'Something went wrong. Please try again.' },
      },
    ]);
    const { user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Privacy/ }));
    const toggle = await screen.findByRole('switch', { name: 'Share Location' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('Sign Out signs out with a toast and returns to the login card', async () => {
    storeSession(fakeSession());
    markOnboardingSeenForTest();
    const api = mockApi([profileRoute, { method: 'POST', path: '/api/auth/logout', status: 204 }]);
    // The copy of the contacts kept for an offline SOS.
    saveOfflineContacts('00000001-0000-4000-8000-000000000001', [
      { id: 'c1', name: 'Ada Byron', phone: '+15551234567', relationship: 'Friend' },
    ]);
    expect(readOfflineEmergencyData('00000001-0000-4000-8000-000000000001')).not.toBeNull();
    // Their Who You're Meeting log and its photo.
    const meetings = meetingLogStore('00000001-0000-4000-8000-000000000001');
    meetings.set([fakeMeeting({ hasPhoto: true })]);
    const photoKey = meetingPhotoKey('00000001-0000-4000-8000-000000000001', 'm1');
    window.localStorage.setItem(photoKey, 'data:image/jpeg;base64,AAAA');
    const { router, user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^About/ }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    // Nothing of theirs stays for the next person on this device.
    expect(readOfflineEmergencyData('00000001-0000-4000-8000-000000000001')).toBeNull();
    expect(meetings.get()).toEqual([]);
    expect(window.localStorage.getItem(photoKey)).toBeNull();
    expect(api.requests.some((request) => request.path === '/api/auth/logout')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
  });

  it('Emergency Settings lead to the contacts and offer nothing that is not built (no check-ins)', async () => {
    storeSession(fakeSession());
    mockApi([profileRoute]);
    const { router, user } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Emergency Settings/ }));
    expect(screen.queryByRole('button', { name: /check-in/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage Emergency Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });
});
