import type { Recording } from '#shared/schemas/recording';
import type { RecordingDeps } from './recording-deps';

/**
 * `recording.updated` through the one realtime publisher: to the person and their active guardians, on every
 * instance. Sent when a recording starts, is sealed and is deleted (`deleted: true`).
 */
export function publishRecording(
  deps: Pick<RecordingDeps, 'publisher'>,
  recording: Recording,
  deleted = false,
): void {
  void deps.publisher.publish({
    type: 'recording.updated',
    userId: recording.user_id,
    payload: { ...recording, deleted },
  });
}
