import { useQuery } from '@tanstack/react-query';
import { DevSmsListSchema, type DevSmsMessage } from '#shared/schemas/dev-sms';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { devOutboxKeys } from './dev-outbox-keys';

export function getSmsOutbox(signal?: AbortSignal): Promise<DevSmsMessage[]> {
  return apiRequest('/api/dev/sms-outbox', { schema: DevSmsListSchema, signal }).then(({ messages }) =>
    // The server sends newest first; sorting again keeps that promise even if it ever changes.
    [...messages].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)),
  );
}

/**
 * 404: no outbox for this client. The route is not registered (a real SMS provider is configured, or this is
 * production), or it answers only clients on the computer running Beacon and this is not one.
 */
export function isOutboxUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useSmsOutbox(enabled = true) {
  return useQuery({
    queryKey: devOutboxKeys.sms,
    queryFn: ({ signal }) => getSmsOutbox(signal),
    enabled,
    // A 404 will not change on a retry.
    retry: (failureCount, error) => !isOutboxUnavailable(error) && failureCount < 2,
  });
}
