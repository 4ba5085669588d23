import { queryOptions, useQuery } from '@tanstack/react-query';
import { RelationshipListResponseSchema, type GuardianRelationship } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';

export async function getRelationships(signal?: AbortSignal): Promise<GuardianRelationship[]> {
  const { relationships } = await apiRequest('/api/guardian-relationships', {
    schema: RelationshipListResponseSchema,
    signal,
  });
  return relationships;
}

/** Keyed by person so one person's links never show for another after switching accounts. */
export function relationshipsQueryKey(userId: string | undefined): readonly unknown[] {
  return ['guardian-relationships', userId ?? 'anonymous'];
}

export function relationshipsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: relationshipsQueryKey(userId),
    queryFn: ({ signal }) => getRelationships(signal),
    enabled: Boolean(userId),
  });
}

/** Every relationship the person is part of, either side (docs/PRODUCT.md#roles-and-permissions); realtime
 * events keep it fresh. */
export function useRelationships(userId: string | undefined) {
  return useQuery(relationshipsQueryOptions(userId));
}
