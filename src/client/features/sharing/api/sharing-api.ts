import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SharingViewListResponseSchema,
  StopSharingResponseSchema,
  type SharingView,
  type StopSharingResponse,
} from '#shared/schemas/sharing';
import { SHARING_TEXTS } from '#shared/sharing-texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { sharingKeys } from './sharing-keys';

export async function getSharingViews(signal?: AbortSignal): Promise<SharingView[]> {
  return (await apiRequest('/api/sharing/views', { schema: SharingViewListResponseSchema, signal })).views;
}

export function stopSharing(): Promise<StopSharingResponse> {
  return apiRequest('/api/sharing/stop', { method: 'POST', schema: StopSharingResponseSchema });
}

/** Who has looked: read only once the person opens the list. */
export function useSharingViews(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.views(userId),
    queryFn: ({ signal }) => getSharingViews(signal),
    enabled,
  });
}

/** Stop all sharing; `onStopped` lets the screen refresh what it shows of the links. */
export function useStopSharing(onStopped: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSharing,
    onSuccess: (ended) => {
      onStopped();
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      toast.success(SHARING_TEXTS.stopped, {
        description: SHARING_TEXTS.stoppedDetail(ended.share_links_revoked, ended.responder_links_revoked),
      });
    },
    onError: (error) => notifyError(error),
  });
}
