import { useEffect } from 'react';
import { restartForEmergency } from '../stores/recorder';

/**
 * While shown for an escort whose deadline passed, the recording restarts as the emergency's (once per escort:
 * stores/recorder.ts#restartForEmergency). `escortSessionId` null: not an escort's emergency, nothing happens.
 */
export function useEmergencyRestart(
  userId: string,
  escortSessionId: string | null,
  alertId: string | null,
): void {
  useEffect(() => {
    if (!escortSessionId) return;
    restartForEmergency(userId, { escortSessionId, ...(alertId ? { alertId } : {}) });
  }, [userId, escortSessionId, alertId]);
}
