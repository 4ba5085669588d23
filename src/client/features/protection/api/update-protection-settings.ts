import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ProtectionSettingsResponseSchema,
  type ProtectionSettingsPatch,
  type ProtectionSettingsResponse,
} from '#shared/schemas/protection';
import { PROTECTION_TEXTS } from '#shared/protection-ui-texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { protectionKeys } from './protection-keys';

export function updateProtectionSettings(
  patch: ProtectionSettingsPatch,
): Promise<ProtectionSettingsResponse> {
  return apiRequest('/api/protection-settings', {
    method: 'PATCH',
    body: patch,
    schema: ProtectionSettingsResponseSchema,
  });
}

/**
 * Saves a change of the protection settings. The dialog shows it at once (optimistic) and goes back, with an
 * "Error" toast, if the server refuses, so it never claims a setting that was not stored. The person's other
 * devices hear `protection.updated`.
 */
export function useUpdateProtectionSettings(userId: string) {
  const queryClient = useQueryClient();
  const key = protectionKeys.settings(userId);
  return useMutation({
    mutationFn: updateProtectionSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProtectionSettingsResponse>(key);
      if (previous) queryClient.setQueryData<ProtectionSettingsResponse>(key, { ...previous, ...patch });
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyError(error, { fallback: PROTECTION_TEXTS.saveFailed });
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
