import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import {
  GuardianRelationshipSchema,
  type DecideRelationshipRequest,
  type GuardianRelationship,
} from '#shared/schemas/guardian';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { wardKeys, guardianKeys } from './guardian-keys';

export type DecideRelationshipInput = { id: string; status: DecideRelationshipRequest['status'] };

export function decideRelationship({ id, status }: DecideRelationshipInput): Promise<GuardianRelationship> {
  return apiRequest(`/api/guardian-relationships/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status } satisfies DecideRelationshipRequest,
    schema: GuardianRelationshipSchema,
  });
}

/** Approve or reject a pending request (only the guardian may; docs/PRODUCT.md#guardians). */
export function useDecideRelationship(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRelationship,
    onSuccess: (relationship) => {
      queryClient.setQueryData<GuardianRelationship[]>(guardianKeys.relationships(userId), (list = []) =>
        list.map((other) => (other.id === relationship.id ? relationship : other)),
      );
      if (relationship.status === 'active') {
        void queryClient.invalidateQueries({ queryKey: wardKeys.list(userId) });
        toast.success(GUARDIAN_PAGE_TEXTS.approvedTitle, {
          description: GUARDIAN_PAGE_TEXTS.approved(relationship.ward.full_name),
        });
      } else {
        toast.success(GUARDIAN_PAGE_TEXTS.rejectedTitle);
      }
    },
    onError: (error) => notifyError(error),
  });
}
