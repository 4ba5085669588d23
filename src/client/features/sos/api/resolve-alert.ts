import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDetailSchema, type AlertDetail } from '#shared/schemas/alert';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';
import { removeActiveAlert } from './get-active-alerts';

/**
 * "I'm safe": POST /api/alerts/:id/resolve, with the safety PIN when the person set one (the server answers 400
 * naming `pin` when it is asked and missing). The server texts the all-clear; repeating it sends nothing twice.
 */
export function resolveAlert({ alertId, pin }: { alertId: string; pin?: string }): Promise<AlertDetail> {
  return apiRequest(`/api/alerts/${encodeURIComponent(alertId)}/resolve`, {
    method: 'POST',
    schema: AlertDetailSchema,
    ...(pin === undefined ? {} : { body: { pin } }),
  });
}

export function useResolveAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAlert,
    onSuccess: (detail) => {
      queryClient.setQueryData(alertKeys.detail(detail.alert.id), detail);
      removeActiveAlert(queryClient, userId, detail.alert.id);
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
