import { toast } from '../../../lib/toast';
import { RECORDING } from '#shared/constants';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { FinishRecordingRequest, RecordingOrigin, RecordingType } from '#shared/schemas/recording';
import { onRecordingUpload, queueRecordingStep } from '../api/recording-outbox';
import {
  CaptureRefused,
  createRecorder,
  openCapture,
  serverMimeType,
  stopCapture,
  type Capture,
} from '../utils/media-capture';
import { keepScreenAwake, type WakeLockState } from '../../../lib/device/wake-lock';

export type RecordingContext = {
  origin: RecordingOrigin;
  /** The alert it belongs to (the active-alert screen, an escort's emergency). */
  alertId?: string;
  escortSessionId?: string;
};

export type RecordingProgress = {
  clientId: string;
  ownerId: string;
  type: RecordingType;
  context: RecordingContext;
  /** Pieces (seconds) this phone made and stored in its outbox. */
  made: number;
  /** Pieces without a gap from the first the server confirmed holding (its receipts say so). */
  onServer: number;
  /** The last upload try failed for a reason that may pass (no connection, server down): pieces wait here. */
  stalled: boolean;
};

export type RecorderSnapshot = {
  phase: 'idle' | 'starting' | 'recording';
  /** The recording running, or the last one this page made (its upload may still be going). */
  current: RecordingProgress | null;
  wakeLock: WakeLockState;
};

type Running = {
  recorder: MediaRecorder;
  capture: Capture;
  /** Steps are queued one after another, in the order they happened: start, pieces, finish. */
  queue: Promise<void>;
  reason: FinishRecordingRequest['reason'];
  autoStop: ReturnType<typeof setTimeout>;
  releaseWakeLock: () => void;
  /** Resolves once the recorder has stopped and the camera is released. */
  stopped: Promise<void>;
  markStopped: () => void;
};

const IDLE: RecorderSnapshot = { phase: 'idle', current: null, wakeLock: 'off' };

let snapshot: RecorderSnapshot = IDLE;
let running: Running | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<RecorderSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of [...listeners]) listener();
}

function updateCurrent(clientId: string, change: Partial<RecordingProgress>): void {
  if (snapshot.current?.clientId !== clientId) return;
  update({ current: { ...snapshot.current, ...change } });
}

export function getRecorderSnapshot(): RecorderSnapshot {
  return snapshot;
}

export function subscribeRecorder(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The server's receipts are the honest measure of what is safe; a failure that may pass marks the upload stalled.
onRecordingUpload((outcome) => {
  for (const item of outcome.items) {
    const step = item.payload;
    const clientId = step.step === 'start' ? step.request.clientId : step.clientId;
    if (outcome.status === 'retrying') updateCurrent(clientId, { stalled: true });
    else if (outcome.status === 'sent') {
      const receipt = outcome.result;
      const onServer = snapshot.current?.onServer ?? 0;
      updateCurrent(clientId, {
        stalled: false,
        ...(receipt ? { onServer: Math.max(onServer, receipt.contiguous_chunks) } : {}),
      });
    }
  }
});

function newClientId(): string {
  return `rec_${String(Date.now()).padStart(13, '0')}`;
}

/**
 * Starts recording for `ownerId` (nothing happens while a recording runs or starts). Camera and microphone, or
 * sound alone; each piece goes to the device outbox the moment the recorder hands it over, and from there to the
 * server. Stops by itself after RECORDING.maxDurationSeconds. Resolves once it records or has said why it cannot.
 */
export async function startRecording(ownerId: string, context: RecordingContext): Promise<boolean> {
  if (snapshot.phase !== 'idle') return false;
  update({ phase: 'starting' });
  let capture: Capture;
  try {
    capture = await openCapture();
  } catch (error) {
    update({ phase: 'idle' });
    if (error instanceof CaptureRefused) {
      toast.error(RECORDING_TEXTS.permissionDeniedTitle, { description: RECORDING_TEXTS.permissionDenied });
    } else {
      toast.error(RECORDING_TEXTS.recordingFailedTitle, { description: RECORDING_TEXTS.recordingFailed });
    }
    return false;
  }
  let recorder: MediaRecorder;
  try {
    recorder = createRecorder(capture);
  } catch {
    stopCapture(capture.stream);
    update({ phase: 'idle' });
    toast.error(RECORDING_TEXTS.recordingFailedTitle, { description: RECORDING_TEXTS.recordingFailed });
    return false;
  }

  const clientId = newClientId();
  let markStopped = (): void => undefined;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  const mimeType = serverMimeType(capture.type, recorder.mimeType, capture.mimeType);
  const state: Running = {
    recorder,
    capture,
    // Stored before any piece: a piece needs the server's id, which the start brings back.
    queue: queueRecordingStep(ownerId, clientId, {
      step: 'start',
      request: {
        clientId,
        type: capture.type,
        mimeType,
        origin: context.origin,
        ...(context.alertId ? { alertId: context.alertId } : {}),
        ...(context.escortSessionId ? { escortSessionId: context.escortSessionId } : {}),
      },
    }).catch(warn),
    reason: 'stopped',
    autoStop: setTimeout(() => {
      if (running !== state) return;
      toast.info(RECORDING_TEXTS.autoStoppedTitle, { description: RECORDING_TEXTS.autoStopped });
      stopRecording('auto_stopped');
    }, RECORDING.maxDurationSeconds * 1000),
    releaseWakeLock: () => undefined,
    stopped,
    markStopped,
  };
  running = state;
  let made = 0;

  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    const blob = event.data;
    if (!blob || blob.size === 0) return;
    const seq = made;
    made += 1;
    const bytes = blob.arrayBuffer();
    state.queue = state.queue
      .then(async () =>
        queueRecordingStep(ownerId, clientId, { step: 'piece', clientId, seq, bytes: await bytes }),
      )
      .then(() => updateCurrent(clientId, { made: Math.max(snapshot.current?.made ?? 0, seq + 1) }))
      .catch(warn);
  });
  recorder.addEventListener('stop', () => {
    // The recorder hands over its last piece before `stop`: every piece is counted by now.
    const chunkCount = made;
    state.queue = state.queue
      .then(() =>
        queueRecordingStep(ownerId, clientId, {
          step: 'finish',
          clientId,
          request: { chunkCount, reason: state.reason },
        }),
      )
      .catch(warn);
    finish(state);
  });
  recorder.addEventListener('error', () => {
    toast.error(RECORDING_TEXTS.recordingFailedTitle, { description: RECORDING_TEXTS.recordingFailed });
    stopRecording('stopped');
  });

  try {
    recorder.start(RECORDING.chunkMs);
  } catch {
    clearTimeout(state.autoStop);
    running = null;
    stopCapture(capture.stream);
    update({ phase: 'idle' });
    toast.error(RECORDING_TEXTS.recordingFailedTitle, { description: RECORDING_TEXTS.recordingFailed });
    return false;
  }
  update({
    phase: 'recording',
    current: { clientId, ownerId, type: capture.type, context, made: 0, onServer: 0, stalled: false },
  });
  state.releaseWakeLock = keepScreenAwake((wakeLock) => update({ wakeLock }));
  return true;
}

/** Stops the running recording (its last piece and the finish are queued as the recorder hands them over). */
export function stopRecording(reason: FinishRecordingRequest['reason'] = 'stopped'): void {
  const state = running;
  if (!state) return;
  state.reason = reason;
  if (state.recorder.state === 'inactive') {
    finish(state);
    return;
  }
  state.recorder.stop();
}

function finish(state: Running): void {
  if (running !== state) return;
  running = null;
  clearTimeout(state.autoStop);
  stopCapture(state.capture.stream);
  state.releaseWakeLock();
  update({ phase: 'idle' });
  state.markStopped();
}

/** The escort ended (I'm Safe, Cancel, or completed on another device): its recording stops with it. */
export function stopEscortRecording(escortSessionId: string): void {
  if (running && snapshot.current?.context.escortSessionId === escortSessionId) stopRecording('escort_ended');
}

/** Escort sessions whose emergency already restarted the recording on this page. */
const restartedFor = new Set<string>();
/** Restarts asked for and not yet due: a fresh page (resetRecorder) has none waiting. */
const pendingRestarts = new Set<ReturnType<typeof setTimeout>>();

/**
 * The escort's deadline passed: RECORDING.restartOnEmergencyMs later the recording starts again as the
 * emergency's (a running one is finished first), linked to the alert when there is one. Once per escort and page:
 * both the escort screen and the active-alert screen ask, and the second asking changes nothing. Not cancelled
 * when the screen that asked goes away (the active-alert screen replaces the escort's): the recorder is the app's.
 */
export function restartForEmergency(
  ownerId: string,
  emergency: { escortSessionId: string; alertId?: string },
): void {
  if (restartedFor.has(emergency.escortSessionId)) return;
  restartedFor.add(emergency.escortSessionId);
  const restart = setTimeout(() => {
    pendingRestarts.delete(restart);
    void (async () => {
      const previous = running;
      if (previous) {
        stopRecording('stopped');
        await previous.stopped;
      }
      await startRecording(ownerId, { origin: 'escort_emergency', ...emergency });
    })();
  }, RECORDING.restartOnEmergencyMs);
  pendingRestarts.add(restart);
}

function warn(error: unknown): void {
  // IndexedDB refused (storage full or disabled): this piece cannot be kept. The recording goes on.
  console.warn('A recording step could not be stored', error);
}

/** Puts the recorder back as a fresh page has it (tests share one module cache). */
export function resetRecorder(): void {
  const state = running;
  if (state) {
    running = null;
    clearTimeout(state.autoStop);
    stopCapture(state.capture.stream);
    state.releaseWakeLock();
    state.markStopped();
  }
  restartedFor.clear();
  // A restart still waiting would start a recording in whatever comes next (in the tests, the next test).
  for (const restart of pendingRestarts) clearTimeout(restart);
  pendingRestarts.clear();
  snapshot = IDLE;
  for (const listener of [...listeners]) listener();
}
