import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InviteCodeSchema, type InviteCode } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { guardianKeys } from './guardian-keys';

export function createInviteCode(): Promise<InviteCode> {
  return apiRequest('/api/invite-codes', { method: 'POST', schema: InviteCodeSchema });
}

/** Generate Invite Code: the new code goes on top of the list at once. */
export function useCreateInviteCode(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = guardianKeys.inviteCodes(userId);
  return useMutation({
    mutationFn: createInviteCode,
    onSuccess: (code) => {
      queryClient.setQueryData<InviteCode[]>(key, (codes = []) => [
        code,
        ...codes.filter((other) => other.id !== code.id),
      ]);
    },
    onError: (error) => notifyError(error),
  });
}
