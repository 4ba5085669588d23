import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { GuardianRelationship } from '#shared/schemas/guardian';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { apiRequest, noContent } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { wardKeys, guardianKeys } from './guardian-keys';

export function endRelationship(id: string): Promise<void> {
  return apiRequest(`/api/guardian-relationships/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}

/** Ends a link from either side (or withdraws a pending request). */
export function useEndRelationship(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRelationship,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<GuardianRelationship[]>(guardianKeys.relationships(userId), (list = []) =>
        list.filter((other) => other.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: wardKeys.list(userId) });
      toast.success(GUARDIAN_PAGE_TEXTS.endedTitle);
    },
    onError: (error) => notifyError(error),
  });
}
