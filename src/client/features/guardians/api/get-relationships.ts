import { queryOptions, useQuery } from '@tanstack/react-query';
import { RelationshipListResponseSchema, type GuardianRelationship } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';
import { guardianKeys } from './guardian-keys';

export async function getRelationships(signal?: AbortSignal): Promise<GuardianRelationship[]> {
  const { relationships } = await apiRequest('/api/guardian-relationships', {
    schema: RelationshipListResponseSchema,
    signal,
  });
  return relationships;
}

export function relationshipsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: guardianKeys.relationships(userId),
    queryFn: ({ signal }) => getRelationships(signal),
    enabled: Boolean(userId),
  });
}

/** Every relationship the person is part of, either side (docs/PRODUCT.md#roles-and-permissions); realtime
 * events keep it fresh. */
export function useRelationships(userId: string | undefined) {
  return useQuery(relationshipsQueryOptions(userId));
}
