import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meetingLogStore, meetingPhotoKey } from '../../lib/meeting-log/meeting-log-store';
import { clearSession, getSession } from '../../lib/session-store';
import { fakeProfile, fakeSession, mockApi } from '../../testing/fake-api';
import { fakeMeeting } from '../../testing/fake-meeting';
import { markOnboardingSeenForTest, renderApp, storeSession } from '../../testing/render-app';

/** A signed-in person whose Who You're Meeting log holds one meeting (with a photo when asked). */
function signedInWithAMeeting(hasPhoto: boolean) {
  markOnboardingSeenForTest();
  const session = fakeSession();
  storeSession(session);
  const meetings = meetingLogStore(session.user.id);
  meetings.set([fakeMeeting({ hasPhoto })]);
  return { session, meetings };
}

/** The server deletes the account (204); `beforeAnswer` runs as the DELETE arrives, before it is answered. */
function serverDeletes(beforeAnswer?: () => Promise<void> | void): void {
  const api = mockApi([
    { method: 'GET', path: '/api/profile', body: fakeProfile() },
    { method: 'DELETE', path: '/api/auth/user', status: 204 },
  ]);
  if (!beforeAnswer) return;
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'DELETE') await beforeAnswer();
    return answer(input, init);
  });
}

/** Opens /settings and deletes the account as the person would: Privacy › Delete Account, DELETE, the password. */
async function deleteFromSettings() {
  const rendered = await renderApp('/settings');
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: /^Privacy/ }));
  await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Account' });
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
  await user.type(within(dialog).getByLabelText('Your password'), 'my-secret');
  await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
  return rendered;
}

/** The confirmation screen is shown, at its own address. */
async function confirmationShown(router: { state: { location: { pathname: string } } }): Promise<void> {
  expect(
    await screen.findByRole('heading', { name: 'Your account was deleted', level: 1 }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/account-deleted');
}

describe('Delete Account ends on a confirmation screen', () => {
  it('says the account and its data were deleted, with a way back to the start', async () => {
    // Their Who You're Meeting log goes with the account.
    const { session, meetings } = signedInWithAMeeting(true);
    const photoKey = meetingPhotoKey(session.user.id, 'm1');
    window.localStorage.setItem(photoKey, 'data:image/jpeg;base64,AAAA');
    serverDeletes();
    const { user, router } = await deleteFromSettings();

    await confirmationShown(router);
    await waitFor(() => expect(getSession()).toBeNull());
    expect(meetings.get()).toEqual([]);
    expect(window.localStorage.getItem(photoKey)).toBeNull();
    expect(screen.getByText(/were deleted from the server\. You are signed out\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 20_000);

  it('still ends on the confirmation when the session ends while the deletion is on its way', async () => {
    markOnboardingSeenForTest();
    storeSession(fakeSession());
    // The server has deleted the account: another request of the page is refused (401) and signs out before the
    // deletion's own answer arrives.
    serverDeletes(async () => {
      clearSession();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const { router } = await deleteFromSettings();

    await confirmationShown(router);
  }, 20_000);

  // The account is gone once the server has answered: a request the page makes then is refused (401) and signs out,
  // and may do so before the confirmation has shown.
  for (const afterMs of [0, 10]) {
    it(`still ends on the confirmation, and forgets whom the person met, when the session ends ${afterMs} ms after the deletion's answer`, async () => {
      const { meetings } = signedInWithAMeeting(false);
      serverDeletes(() => {
        setTimeout(clearSession, afterMs);
      });
      const { user, router } = await deleteFromSettings();

      await confirmationShown(router);
      await waitFor(() => expect(getSession()).toBeNull());
      expect(meetings.get()).toEqual([]);
      // Shown once: signed out later, a screen that needs an account offers the sign-in card again.
      await user.click(screen.getByRole('link', { name: 'Back to the start' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('heading', { name: 'Login to Beacon' })).toBeInTheDocument();
    }, 20_000);
  }
});
