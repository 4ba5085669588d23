import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import {
  GuardianRelationshipSchema,
  type GuardianRelationship,
  type RedeemInviteCodeRequest,
} from '#shared/schemas/guardian';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { guardianKeys } from './guardian-keys';

export function redeemInviteCode(request: RedeemInviteCodeRequest): Promise<GuardianRelationship> {
  return apiRequest('/api/invite-codes/redeem', {
    method: 'POST',
    body: request,
    schema: GuardianRelationshipSchema,
  });
}

/** Send Request: the redeemer becomes the ward of a pending relationship with the code's creator. */
export function useRedeemInviteCode(userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = guardianKeys.relationships(userId);
  return useMutation({
    mutationFn: (code: string) => redeemInviteCode({ code }),
    onSuccess: (relationship) => {
      queryClient.setQueryData<GuardianRelationship[]>(key, (list = []) => [
        relationship,
        ...list.filter((other) => other.id !== relationship.id),
      ]);
      toast.success(GUARDIAN_PAGE_TEXTS.requestSentTitle, {
        description: GUARDIAN_PAGE_TEXTS.requestSent(relationship.guardian.full_name),
      });
    },
    onError: (error) => notifyError(error),
  });
}
