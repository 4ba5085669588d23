import { queryOptions } from '@tanstack/react-query';
import {
  ProtectionSettingsResponseSchema,
  type ProtectionSettingsResponse,
} from '#shared/schemas/protection';
import { apiRequest } from '../../../lib/api-client';
import { protectionKeys } from './protection-keys';

export function getProtectionSettings(signal?: AbortSignal): Promise<ProtectionSettingsResponse> {
  return apiRequest('/api/protection-settings', { schema: ProtectionSettingsResponseSchema, signal });
}

/** The person's danger-detection settings, the same on every device they use (docs/PRODUCT.md#ai-protection). */
export function protectionSettingsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: protectionKeys.settings(userId),
    queryFn: ({ signal }) => getProtectionSettings(signal),
    enabled: Boolean(userId),
  });
}
