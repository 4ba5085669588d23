import { useMutation } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/schemas/auth';
import { apiRequest, noContent } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-store';

/** The server asks for the current password: an access token alone cannot delete an account. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await apiRequest('/api/auth/user', {
    method: 'DELETE',
    body: { confirmation: DELETE_ACCOUNT_CONFIRMATION, current_password: currentPassword },
    schema: noContent,
  });
  clearSession();
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
