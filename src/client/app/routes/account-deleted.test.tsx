import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meetingLogStore, meetingPhotoKey } from '../../lib/meeting-log/meeting-log-store';
import { getSession } from '../../lib/session-store';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

describe('Delete Account ends on a confirmation screen', () => {
  it('says the account and its data were deleted, with a way back to the start', async () => {
    markOnboardingSeenForTest();
    const session = fakeSession();
    storeSession(session);
    // Their Who You're Meeting log goes with the account.
    const meetings = meetingLogStore(session.user.id);
    meetings.set([
      {
        id: 'm1',
        person: 'Sam',
        location: '',
        startAt: new Date().toISOString(),
        endAt: null,
        notes: '',
        hasPhoto: true,
        createdAt: new Date().toISOString(),
      },
    ]);
    const photoKey = meetingPhotoKey(session.user.id, 'm1');
    window.localStorage.setItem(photoKey, 'data:image/jpeg;base64,AAAA');
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
    expect(meetings.get()).toEqual([]);
    expect(window.localStorage.getItem(photoKey)).toBeNull();
    expect(screen.getByText(/were deleted from the server\. You are signed out\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 20_000);
});
