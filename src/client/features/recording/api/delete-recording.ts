import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { recordingKeys } from './recording-keys';

/** DELETE /api/recordings/:id: the owner deletes it from the server now. */
export function useDeleteRecording(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/recordings/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordingKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: recordingKeys.all });
      onDeleted();
    },
    onError: (error) => notifyError(error),
  });
}
