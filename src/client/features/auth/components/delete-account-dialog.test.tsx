import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session-store';
import { fakeSession, mockApi } from '../../../testing/fake-api';
import { renderWithProviders, storeSession } from '../../../testing/render-app';
import { DeleteAccountDialog } from './delete-account-dialog';

describe('DeleteAccountDialog', () => {
  it('works only once DELETE is typed, then deletes the account and signs out', async () => {
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
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    // Reads (the signed-in person's data loading around the dialog) aside, exactly one request was made.
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/api/auth/user', body: { confirmation: 'DELETE' } }),
    ]);
    expect(getSession()).toBeNull();
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
  });

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
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });
});
