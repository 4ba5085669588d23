import { useSyncExternalStore } from 'react';
import { useDevice } from '../../../lib/device/device-context';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import { useOutboxIds } from '../../../lib/outbox/use-outbox-ids';
import { isPieceOf, recordingOutboxKind } from '../api/recording-outbox';
import { serverIdOf, subscribeServerIds } from '../api/recording-server-ids';
import {
  getRecorderSnapshot,
  startRecording,
  stopRecording,
  subscribeRecorder,
  type RecorderSnapshot,
  type RecordingContext,
} from '../stores/recorder';

export type RecorderView = RecorderSnapshot & {
  /** Pieces of the current recording still waiting on this phone. */
  waiting: number;
  /** Pieces wait and cannot go now (offline, or the last try failed): "Upload Failed", saved on this phone. */
  uploadFailed: boolean;
  /** The server's id of the current recording, once its start went through: the recording page's link. */
  serverId: string | null;
  start: (context: RecordingContext) => Promise<boolean>;
  stop: () => void;
};

/** The phone's recorder (one for the whole app, whichever screen shows it) and its upload, for `userId`. */
export function useRecorder(userId: string): RecorderView {
  const snapshot = useSyncExternalStore(subscribeRecorder, getRecorderSnapshot);
  const { network } = useDevice();
  // Read here rather than through lib/device/use-online: importing that module from this on-demand chunk made
  // the bundler split the device adapters out of the first download's chunk, growing it by 1.8 KiB.
  const online = useSyncExternalStore(
    (listener) => network.subscribe(listener),
    () => network.isOnline(),
  );
  const ids = useOutboxIds(deviceOutbox, recordingOutboxKind, userId);
  const current = snapshot.current?.ownerId === userId ? snapshot.current : null;
  const clientId = current?.clientId ?? null;
  const serverId = useSyncExternalStore(subscribeServerIds, () => (clientId ? serverIdOf(clientId) : null));
  const waiting = clientId ? ids.filter((id) => isPieceOf(clientId, id)).length : 0;
  return {
    ...snapshot,
    current,
    waiting,
    uploadFailed: waiting > 0 && (!online || Boolean(current?.stalled)),
    serverId,
    start: (context) => startRecording(userId, context),
    stop: () => stopRecording('stopped'),
  };
}
