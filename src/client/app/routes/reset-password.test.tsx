import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { WEAK_PASSWORD_TEXTS } from '#shared/texts';
import { getSession } from '../../lib/session-store';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('/reset-password', () => {
  it('explains a link without a token', async () => {
    mockApi();
    await renderApp('/reset-password');
    expect(screen.getByRole('heading', { name: 'This link is invalid or has expired.' })).toBeInTheDocument();
  });

  it('trades the token for a session, sets the new password and lands on the dashboard', async () => {
    const api = mockApi([
      { method: 'POST', path: '/api/auth/verify', body: fakeSession({ access_token: 'recovered' }) },
      { method: 'PUT', path: '/api/auth/user', status: 204 },
      { method: 'GET', path: '/api/profile', body: fakeProfile() },
    ]);
    const { router, user } = await renderApp('/reset-password?token=abc123');
    await user.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-passphrase-typo');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('New Password')).not.toHaveAttribute('aria-invalid');

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()?.access_token).toBe('recovered');
    expect(api.requests.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/api/auth/verify', body: { type: 'recovery', token: 'abc123' } }),
        expect.objectContaining({
          method: 'PUT',
          path: '/api/auth/user',
          body: { password: 'a-new-passphrase' },
          authorization: 'Bearer recovered',
        }),
      ]),
    );
  });

  it.each([
    ['/settings', '/settings'],
    ['//evil.example/', '/'],
    ['https://evil.example/', '/'],
  ])(
    'once the password is set, goes to redirect_to %s only if it is a page of this site (→ %s)',
    async (target, landed) => {
      mockApi([
        { method: 'POST', path: '/api/auth/verify', body: fakeSession({ access_token: 'recovered' }) },
        { method: 'PUT', path: '/api/auth/user', status: 204 },
        { method: 'GET', path: '/api/profile', body: fakeProfile() },
      ]);
      const { router, user } = await renderApp(
        `/reset-password?token=abc123&redirect_to=${encodeURIComponent(target)}`,
      );
      await user.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
      await user.type(screen.getByLabelText('Confirm Password'), 'a-new-passphrase');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(landed));
    },
  );

  it('holds the new password to the sign-up rules before sending it', async () => {
    const api = mockApi([
      { method: 'POST', path: '/api/auth/verify', body: fakeSession({ access_token: 'recovered' }) },
    ]);
    const { user } = await renderApp('/reset-password?token=abc123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    for (const label of ['New Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Please fill in all required fields');
    }

    const tooLong = 'x'.repeat(LIMITS.password.max + 1);
    await user.click(screen.getByLabelText('New Password'));
    await user.paste(tooLong);
    await user.click(screen.getByLabelText('Confirm Password'));
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at most 256 characters long',
    );
    expect(api.requests.filter((request) => request.path === '/api/auth/user')).toHaveLength(0);
  });

  it('asks for no old password, and shows why the server refused a new one', async () => {
    mockApi([
      { method: 'POST', path: '/api/auth/verify', body: fakeSession({ access_token: 'recovered' }) },
      {
        method: 'PUT',
        path: '/api/auth/user',
        status: 400,
        body: { error: 'weak_password', message: WEAK_PASSWORD_TEXTS.productName },
      },
    ]);
    const { user } = await renderApp('/reset-password?token=abc123');
    expect(screen.queryByLabelText(/current password|your password/i)).toBeNull();
    await user.type(screen.getByLabelText('New Password'), 'beacon-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'beacon-2026');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(WEAK_PASSWORD_TEXTS.productName)).toBeInTheDocument();
  }, 15_000);
});
