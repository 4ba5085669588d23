import { queryOptions, useQuery } from '@tanstack/react-query';
import { InviteCodeListResponseSchema, type InviteCode } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';

export async function getInviteCodes(signal?: AbortSignal): Promise<InviteCode[]> {
  const { codes } = await apiRequest('/api/invite-codes', { schema: InviteCodeListResponseSchema, signal });
  return codes;
}

export function inviteCodesQueryKey(userId: string | undefined): readonly unknown[] {
  return ['invite-codes', userId ?? 'anonymous'];
}

/** The person's unused, unexpired codes, newest first (docs/PRODUCT.md#guardian-endpoints). */
export function useInviteCodes(userId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: inviteCodesQueryKey(userId),
      queryFn: ({ signal }) => getInviteCodes(signal),
      enabled: Boolean(userId),
    }),
  );
}
