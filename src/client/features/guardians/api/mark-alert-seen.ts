import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AlertAcknowledgementSchema, type AlertAcknowledgement } from '#shared/schemas/alert';
import { WARD_BANNER_TEXTS } from '#shared/ward-banner-texts';
import { apiRequest } from '../../../lib/api-client';
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
    onError: () => toast.error(WARD_BANNER_TEXTS.seenFailed),
  });
}
