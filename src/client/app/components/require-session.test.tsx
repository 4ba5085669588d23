import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthStatusContext, type AuthStatus } from '../../features/auth/hooks/auth-status-context';
import { fakeSession, mockApi } from '../../testing/fake-api';
import {
  markOnboardingSeenForTest,
  renderApp,
  storeSession,
  testQueryClient,
} from '../../testing/render-app';
import { useRequiredSession } from '../hooks/use-required-session';
import { RequireSession } from './require-session';

function WhoAmI() {
  return <p>Signed in as {useRequiredSession().user.email}</p>;
}

/** RequireSession alone, with the auth status given, around one child route. */
function renderGate(status: AuthStatus, whenSignedOut?: 'login' | 'redirect-home') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      {
        element: <RequireSession whenSignedOut={whenSignedOut} />,
        children: [{ path: '/private', element: <WhoAmI /> }],
      },
    ],
    { initialEntries: ['/private'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthStatusContext.Provider value={status}>
        <RouterProvider router={router} />
      </AuthStatusContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('<RequireSession>', () => {
  it('shows the screen from the stored session while it is renewed, without waiting for the network', () => {
    storeSession(fakeSession());
    renderGate('checking');
    expect(screen.getByText(`Signed in as ${fakeSession().user.email}`)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the loading overlay, not the login card, while a refused renewal finishes signing out', () => {
    renderGate('checking');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Login to Beacon' })).not.toBeInTheDocument();
  });

  it('shows the login card in place of the screen when signed out', async () => {
    renderGate('ready');
    // The sign-in form is downloaded when it is first shown.
    expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor home instead when asked to', async () => {
    const router = renderGate('ready', 'redirect-home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('renders the child route, which reads the signed-in person from the layout', () => {
    storeSession(fakeSession());
    renderGate('ready');
    expect(screen.getByText(`Signed in as ${fakeSession().user.email}`)).toBeInTheDocument();
  });
});

describe('useRequiredSession()', () => {
  it('refuses to run outside <RequireSession>', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<WhoAmI />)).toThrow(/only for routes under <RequireSession>/);
  });
});

describe('the routes under <RequireSession>', () => {
  it.each(['/', '/auth', '/contacts', '/sos', '/guardian', '/guardian/wards', '/outbox'])(
    '%s shows a signed-out visitor the login card',
    async (path) => {
      markOnboardingSeenForTest();
      mockApi();
      const { router } = await renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each(['/permissions', '/subscription-success', '/reset-password', '/welcome'])(
    '%s stays public',
    async (path) => {
      markOnboardingSeenForTest();
      mockApi();
      await renderApp(path);
      expect(screen.queryByRole('heading', { name: 'Login to Beacon' })).not.toBeInTheDocument();
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    },
  );
});
