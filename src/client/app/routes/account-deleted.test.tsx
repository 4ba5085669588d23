import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session-store';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

describe('Delete Account ends on a confirmation screen', () => {
  it('says the account and its data were deleted, with a way back to the start', async () => {
    markOnboardingSeenForTest();
    storeSession(fakeSession());
    mockApi([
      { method: 'GET', path: '/api/profile', body: fakeProfile() },
      { method: 'DELETE', path: '/api/auth/user', status: 204 },
    ]);
    const { user, router } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /^Privacy/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Your password'), 'my-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(
      await screen.findByRole('heading', { name: 'Your account was deleted', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    await waitFor(() => expect(getSession()).toBeNull());
    expect(screen.getByText(/were deleted from the server\. You are signed out\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 20_000);
});
