import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EscalationSettingsSchema,
  type EscalationSettings,
  type EscalationSettingsPatch,
} from '#shared/schemas/escalation-settings';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';

/** Every query key of the escalation setting; keyed by person, so one person's time never shows for another. */
export const escalationKeys = {
  settings: (userId: string) => ['escalation-settings', userId] as const,
};

export function getEscalationSettings(signal?: AbortSignal): Promise<EscalationSettings> {
  return apiRequest('/api/escalation-settings', { schema: EscalationSettingsSchema, signal });
}

/** How long the person's alerts may go unanswered before Beacon escalates them (docs/PRODUCT.md#when-nobody-answers). */
export function useEscalationSettings(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: escalationKeys.settings(userId),
      queryFn: ({ signal }) => getEscalationSettings(signal),
    }),
  );
}

export function updateEscalationSettings(patch: EscalationSettingsPatch): Promise<EscalationSettings> {
  return apiRequest('/api/escalation-settings', {
    method: 'PATCH',
    body: patch,
    schema: EscalationSettingsSchema,
  });
}

/** Saves the person's time (or the default again); the row and the dialog show what the server stored. */
export function useUpdateEscalationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEscalationSettings,
    onSuccess: (settings) => queryClient.setQueryData(escalationKeys.settings(userId), settings),
    onError: (error) => notifyError(error),
  });
}
