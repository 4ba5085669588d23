import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { TOASTS } from '#shared/texts';
import { ApiError, apiRequest, noContent } from '../../../lib/api-client';
import { clearMeetingLog } from '../../../lib/meeting-log/meeting-log-store';
import { clearOfflineEmergencyData } from '../../../lib/offline-emergency-data';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import { clearSession, getSession } from '../../../lib/session-store';
import { notifyError } from '../../../lib/notify-error';

/**
 * Revokes the session on the server, then forgets it locally whatever happened: a person who asks to sign out
 * on a shared phone must end up signed out even when the server cannot be reached.
 */
export async function signOut(): Promise<void> {
  const userId = getSession()?.user.id;
  try {
    if (userId) await apiRequest('/api/auth/logout', { method: 'POST', schema: noContent });
  } catch (error) {
    // 401: the server had already ended the session, which is what was asked for.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  } finally {
    clearSession();
    if (userId) {
      clearOfflineEmergencyData(userId);
      clearMeetingLog(userId);
      // Queued positions go; queued alerts stay and are sent when this person signs in again.
      await deviceOutbox.discardOnSignOut(userId).catch(() => undefined);
    }
  }
}

export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => toast.success(TOASTS.signedOut),
    onError: (error) => notifyError(error),
  });
}
