import { useMutation } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/schemas/auth';
import { apiRequest, noContent } from '../../../lib/api-client';
import { noteAccountDeletedHere } from '../../../lib/account-deleted-here';
import { getSession } from '../../../lib/session-store';

/** The server asks for the current password: an access token alone cannot delete an account. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  const userId = getSession()?.user.id;
  await apiRequest('/api/auth/user', {
    method: 'DELETE',
    body: { confirmation: DELETE_ACCOUNT_CONFIRMATION, current_password: currentPassword },
    schema: noContent,
  });
  if (userId) noteAccountDeletedHere(userId);
}

/**
 * `onDeleted` must end the session: the settings screen does it by opening the confirmation screen, which clears
 * it once shown (app/routes/account-deleted.tsx). Clearing it here, first, would make the signed-in screens give
 * way to the sign-in card, and send the person home, before the confirmation could show.
 */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => onDeleted() });
}
