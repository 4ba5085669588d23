import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { GUARDIAN_PAGE_TEXTS } from '#shared/guardian-linking-texts';
import { ShareLinkListResponseSchema, ShareLinkSchema, type ShareLink } from '#shared/schemas/share-link';
import { apiRequest, noContent } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { shareLinkKeys } from './tracking-keys';

export async function getShareLinks(signal?: AbortSignal): Promise<ShareLink[]> {
  const { links } = await apiRequest('/api/share-links', { schema: ShareLinkListResponseSchema, signal });
  return links;
}

export function createShareLink(): Promise<ShareLink> {
  return apiRequest('/api/share-links', { method: 'POST', schema: ShareLinkSchema });
}

export function revokeShareLink(id: string): Promise<void> {
  return apiRequest(`/api/share-links/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent });
}

/** The person's share links (the server lists active and past ones; the card shows the usable ones). */
export function useShareLinks(userId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: shareLinkKeys.list(userId),
      queryFn: ({ signal }) => getShareLinks(signal),
      enabled: Boolean(userId),
    }),
  );
}

/**
 * Generate Share Link: a real, stored link valid for 24 hours
 * (docs/PRODUCT.md#live-location-and-share-links).
 */
export function useCreateShareLink(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLink[]>(shareLinkKeys.list(userId), (links = []) => [
        link,
        ...links.filter((other) => other.id !== link.id),
      ]);
    },
    onError: (error) => notifyError(error),
  });
}

/** Revoke: the link stops working at once for whoever holds it. */
export function useRevokeShareLink(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ShareLink[]>(shareLinkKeys.list(userId), (links = []) =>
        links.map((link) => (link.id === id ? { ...link, is_active: false } : link)),
      );
      toast.success(GUARDIAN_PAGE_TEXTS.revokedTitle, { description: GUARDIAN_PAGE_TEXTS.revoked });
    },
    onError: (error) => notifyError(error),
  });
}
