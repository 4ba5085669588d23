import { queryOptions, useQuery } from '@tanstack/react-query';
import { InviteCodeListResponseSchema, type InviteCode } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';
import { guardianKeys } from './guardian-keys';

export async function getInviteCodes(signal?: AbortSignal): Promise<InviteCode[]> {
  const { codes } = await apiRequest('/api/invite-codes', { schema: InviteCodeListResponseSchema, signal });
  return codes;
}

/** The person's unused, unexpired codes, newest first (docs/PRODUCT.md#guardian-endpoints). */
export function useInviteCodes(userId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: guardianKeys.inviteCodes(userId),
      queryFn: ({ signal }) => getInviteCodes(signal),
      enabled: Boolean(userId),
    }),
  );
}
