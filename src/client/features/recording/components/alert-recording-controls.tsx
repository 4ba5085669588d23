import { useEmergencyRestart } from '../hooks/use-emergency-restart';
import { RecordingControls } from './recording-controls';

/**
 * The recording controls of the active-alert screen. For an alert an escort's deadline raised, the recording
 * restarts as that emergency's on its own (the escort screen is no longer shown).
 */
export function AlertRecordingControls({
  userId,
  alertId,
  escortSessionId,
}: {
  userId: string;
  alertId: string;
  escortSessionId: string | null;
}) {
  useEmergencyRestart(userId, escortSessionId, alertId);
  return (
    <RecordingControls
      userId={userId}
      context={
        escortSessionId
          ? { origin: 'escort_emergency', alertId, escortSessionId }
          : { origin: 'active_alert', alertId }
      }
    />
  );
}
