import { useSyncExternalStore } from 'react';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { EscortSession } from '#shared/schemas/journey';
import { cn } from '../../../lib/cn';
import { useEmergencyRestart } from '../hooks/use-emergency-restart';
import { getRecorderSnapshot, subscribeRecorder } from '../stores/recorder';
import { RecordingControls } from './recording-controls';

type EscortRecordingProps = {
  userId: string;
  session: Pick<EscortSession, 'id' | 'status' | 'alert_id'>;
};

/** The escort's Video Monitoring card: Recording while this phone records, Stopped otherwise. */
export function VideoMonitoringCard() {
  const recording = useSyncExternalStore(subscribeRecorder, getRecorderSnapshot).phase === 'recording';
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-card p-3">
      <span className="text-xs font-medium text-muted-foreground uppercase">
        {RECORDING_TEXTS.videoMonitoring}
      </span>
      <span
        data-testid="escort-video-monitoring"
        className={cn('font-semibold', recording ? 'text-primary-text' : 'text-muted-foreground')}
      >
        {recording ? RECORDING_TEXTS.videoRecording : RECORDING_TEXTS.videoStopped}
      </span>
    </div>
  );
}

/**
 * The Guardian Video Monitoring panel: Start/Stop Recording for this escort. Once its deadline has passed, the
 * recording restarts as the emergency's (linked to the alert the deadline raised).
 */
export function GuardianVideoMonitoringPanel({ userId, session }: EscortRecordingProps) {
  const expired = session.status === 'expired';
  useEmergencyRestart(userId, expired ? session.id : null, session.alert_id);
  return (
    <RecordingControls
      userId={userId}
      context={
        expired
          ? {
              origin: 'escort_emergency',
              escortSessionId: session.id,
              ...(session.alert_id ? { alertId: session.alert_id } : {}),
            }
          : { origin: 'escort', escortSessionId: session.id }
      }
      title={RECORDING_TEXTS.guardianPanelTitle}
      description={RECORDING_TEXTS.guardianPanelDescription}
      startLabel={RECORDING_TEXTS.startRecording}
      stopLabel={RECORDING_TEXTS.stopRecording}
    />
  );
}
