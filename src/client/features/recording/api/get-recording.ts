import { useQuery } from '@tanstack/react-query';
import { RecordingSchema, type Recording } from '#shared/schemas/recording';
import { apiRequest } from '../../../lib/api-client';
import { recordingKeys } from './recording-keys';

/** While it records, how often the page reads it again ("N seconds on the server" grows with each piece). */
const WHILE_RECORDING_MS = 5000;

export function getRecording(id: string, signal?: AbortSignal): Promise<Recording> {
  return apiRequest(`/api/recordings/${encodeURIComponent(id)}`, { schema: RecordingSchema, signal });
}

/** One recording, for its owner or an active guardian; `recording.updated` refreshes it when it ends. */
export function useRecording(id: string) {
  return useQuery({
    queryKey: recordingKeys.detail(id),
    queryFn: ({ signal }) => getRecording(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'recording' ? WHILE_RECORDING_MS : false),
  });
}
