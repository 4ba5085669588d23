import { useMutation } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/schemas/auth';
import { apiRequest, noContent } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-store';

export async function deleteAccount(): Promise<void> {
  await apiRequest('/api/auth/user', {
    method: 'DELETE',
    body: { confirmation: DELETE_ACCOUNT_CONFIRMATION },
    schema: noContent,
  });
  clearSession();
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
