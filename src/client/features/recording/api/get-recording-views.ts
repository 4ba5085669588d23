import { useQuery } from '@tanstack/react-query';
import { RecordingViewListResponseSchema } from '#shared/schemas/recording';
import { apiRequest } from '../../../lib/api-client';
import { recordingKeys } from './recording-keys';

/** Who watched the recording (GET /api/recordings/:id/views): the owner only. */
export function useRecordingViews(id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordingKeys.views(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/recordings/${encodeURIComponent(id)}/views`, {
        schema: RecordingViewListResponseSchema,
        signal,
      }).then((answer) => answer.views),
    enabled,
  });
}
