import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertAcknowledgementSchema, type AlertAcknowledgement } from '#shared/schemas/alert';
import { WARD_BANNER_TEXTS } from '#shared/ward-banner-texts';
import { apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { applyWardAlertSeen } from './ward-cache';

export function markAlertSeen(alertId: string): Promise<AlertAcknowledgement> {
  return apiRequest(`/api/wards/alerts/${encodeURIComponent(alertId)}/seen`, {
    method: 'POST',
    schema: AlertAcknowledgementSchema,
  });
}

/**
 * "Seen" on a ward's alert: stored on the server for this guardian, so their other devices quieten the same
 * banner (they hear `alert.seen`). Only the server's answer changes the banner: a Seen that did not arrive must
 * not look as if it had.
 */
export function useMarkAlertSeen(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertSeen,
    onSuccess: (seen) => applyWardAlertSeen(queryClient, userId, seen),
    // The guardian is told to try again: in the server's words when they say so (busy, or its database away),
    // otherwise in ours (no connection, or an alert this guardian can no longer see).
    onError: (error) =>
      notifyError(error, {
        fallback: WARD_BANNER_TEXTS.seenFailed,
        serverMessageFor: ['rate_limited', 'service_unavailable'],
      }),
  });
}
