import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '#shared/texts';
import { getSession } from '../../../lib/session-store';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { DeleteAccountDialog } from './delete-account-dialog';

describe('DeleteAccountDialog', () => {
  it('works only once DELETE and the password are typed, then deletes the account (the caller ends the session)', async () => {
    storeSession(fakeSession());
    const api = mockApi([{ method: 'DELETE', path: '/api/auth/user', status: 204 }]);
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(
      <DeleteAccountDialog open onOpenChange={() => undefined} onDeleted={onDeleted} />,
    );

    const confirm = screen.getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    // The server refuses a deletion without the password, so the dialog asks for it first.
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'my-secret');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    // Reads (the signed-in person's data loading around the dialog) aside, exactly one request was made.
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/auth/user',
        body: { confirmation: 'DELETE', current_password: 'my-secret' },
      }),
    ]);
    // Ending the session is the caller's part: the confirmation screen does it once shown (account-deleted.test.tsx).
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    // Typing four fields character by character is slow on a busy machine.
  }, 15_000);

  it('keeps the person signed in and says why when deletion fails', async () => {
    storeSession(fakeSession());
    mockApi([
      {
        method: 'DELETE',
        path: '/api/auth/user',
        status: 429,
        body: { error: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
      },
    ]);
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(
      <DeleteAccountDialog open onOpenChange={() => undefined} onDeleted={onDeleted} />,
    );
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Your password'), 'my-secret');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });

  it('shows a wrong password at the password field and keeps the person signed in', async () => {
    storeSession(fakeSession());
    mockApi([
      {
        method: 'DELETE',
        path: '/api/auth/user',
        status: 403,
        body: { error: 'current_password_wrong', message: ERRORS.currentPasswordWrong },
      },
    ]);
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(
      <DeleteAccountDialog open onOpenChange={() => undefined} onDeleted={onDeleted} />,
    );
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Your password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const field = screen.getByLabelText('Your password');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(ERRORS.currentPasswordWrong));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });
});
