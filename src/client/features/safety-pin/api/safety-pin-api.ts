import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SafetyPinCheckResponseSchema,
  SafetyPinStatusSchema,
  type SafetyPinStatus,
  type UpdateSafetyPinRequest,
} from '#shared/schemas/safety-pin';
import { apiRequest } from '../../../lib/api-client';
import { savedSafetyPinSet } from '../stores/saved-safety-pin-status';
import { safetyPinKeys } from './safety-pin-keys';

async function getSafetyPinStatus(userId: string, signal?: AbortSignal): Promise<SafetyPinStatus> {
  const status = await apiRequest('/api/safety-pin', { schema: SafetyPinStatusSchema, signal });
  savedSafetyPinSet(userId).set(status.safety_pin_set);
  return status;
}

/** Whether the person set a safety PIN (GET /api/safety-pin); whether a duress PIN exists is never answered. */
export function safetyPinStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: safetyPinKeys.status(userId),
    queryFn: ({ signal }) => getSafetyPinStatus(userId, signal),
  });
}

export function useSafetyPinStatus(userId: string) {
  return useQuery(safetyPinStatusQueryOptions(userId));
}

/** PUT /api/safety-pin: sets both PINs at once, or with `safety_pin: null` removes them. */
export function useUpdateSafetyPin(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateSafetyPinRequest) =>
      apiRequest('/api/safety-pin', { method: 'PUT', body: request, schema: SafetyPinStatusSchema }),
    onSuccess: (status) => {
      savedSafetyPinSet(userId).set(status.safety_pin_set);
      queryClient.setQueryData(safetyPinKeys.status(userId), status);
    },
  });
}

/**
 * POST /api/safety-pin/check, a countdown's cancel: resolves the same for the safety PIN and the duress PIN;
 * rejects with `pin_wrong`, `rate_limited` or a network error.
 */
export function checkSafetyPin(pin: string): Promise<{ ok: true }> {
  return apiRequest('/api/safety-pin/check', {
    method: 'POST',
    body: { pin },
    schema: SafetyPinCheckResponseSchema,
  });
}
