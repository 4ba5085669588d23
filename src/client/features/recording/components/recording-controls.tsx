import { CircleStop, CloudOff, Mic, Video } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { recordingPath } from '../../../lib/paths';
import { useRecorder, type RecorderView } from '../hooks/use-recorder';
import type { RecordingContext } from '../stores/recorder';
import type { WakeLockState } from '../../../lib/device/wake-lock';

type RecordingControlsProps = {
  userId: string;
  /** What a recording started here belongs to. */
  context: RecordingContext;
  title?: string;
  description?: string;
  startLabel?: string;
  stopLabel?: string;
};

/**
 * Start and stop an emergency recording, what it is doing (video or sound only, how much is on the server, pieces
 * saved on this phone while the upload cannot go), and what a web app cannot do: record with the screen off.
 * The recorder is the app's one (stores/recorder.ts): a recording started on one screen shows on the next.
 */
export function RecordingControls({
  userId,
  context,
  title = RECORDING_TEXTS.controlsTitle,
  description,
  startLabel = RECORDING_TEXTS.record,
  stopLabel = RECORDING_TEXTS.stop,
}: RecordingControlsProps) {
  const titleId = useId();
  const recorder = useRecorder(userId);
  const recording = recorder.phase === 'recording';
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3 p-5" data-testid="recording-controls">
      <CardTitle id={titleId}>{title}</CardTitle>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {recording ? (
        <Button variant="outline" size="lg" onClick={recorder.stop}>
          <CircleStop aria-hidden />
          {stopLabel}
        </Button>
      ) : (
        <Button
          variant="destructive"
          size="lg"
          disabled={recorder.phase === 'starting'}
          onClick={() => void recorder.start(context)}
        >
          <Video aria-hidden />
          {recorder.phase === 'starting' ? RECORDING_TEXTS.starting : startLabel}
        </Button>
      )}
      <RecordingStatus recorder={recorder} />
      <p className="text-xs text-muted-foreground" data-testid="recording-limits">
        {RECORDING_TEXTS.limits}
        {recording ? <> {WAKE_LOCK_TEXTS[recorder.wakeLock]}</> : null}
      </p>
    </Card>
  );
}

const WAKE_LOCK_TEXTS: Record<WakeLockState, string> = {
  on: RECORDING_TEXTS.wakeLockOn,
  unsupported: RECORDING_TEXTS.wakeLockUnsupported,
  lost: RECORDING_TEXTS.wakeLockLost,
  off: '',
};

/** What the running (or last) recording is doing and how much of it is safe on the server. */
export function RecordingStatus({ recorder }: { recorder: RecorderView }) {
  const { current } = recorder;
  if (!current) return null;
  const recording = recorder.phase === 'recording';
  const Icon = current.type === 'video' ? Video : Mic;
  // Once stopped, the numbers are those of the last recording, which may still be uploading: say which, and say
  // plainly when every second of it is safe.
  const allUploaded = !recording && recorder.waiting === 0 && current.onServer >= current.made;
  return (
    <div className="flex flex-col gap-2" data-testid="recording-status">
      {recording ? null : <p className="text-sm font-semibold">{RECORDING_TEXTS.lastRecording}</p>}
      {recording ? (
        <p className="flex items-center gap-2 font-semibold text-primary-text">
          <span className="size-2.5 rounded-full bg-primary motion-safe:animate-pulse" aria-hidden />
          <Icon className="size-4" aria-hidden />
          {current.type === 'video' ? RECORDING_TEXTS.recordingVideo : RECORDING_TEXTS.recordingAudio}
        </p>
      ) : null}
      {recording && current.type === 'audio' ? (
        <p className="text-sm text-muted-foreground">{RECORDING_TEXTS.audioOnlyReason}</p>
      ) : null}
      <p role="status" className="text-sm tabular-nums" data-testid="recording-progress">
        {RECORDING_TEXTS.progress(current.onServer, current.made)}
      </p>
      {allUploaded ? (
        <p className="text-sm font-medium text-success" data-testid="recording-all-uploaded">
          {RECORDING_TEXTS.allUploaded}
        </p>
      ) : null}
      {recorder.uploadFailed ? (
        <div
          role="alert"
          className={cn('flex gap-2 rounded-xl bg-warning-soft p-3 text-sm text-warning')}
          data-testid="recording-upload-failed"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{RECORDING_TEXTS.uploadFailedTitle}</p>
            <p>{RECORDING_TEXTS.uploadFailed(recorder.waiting)}</p>
          </div>
        </div>
      ) : null}
      {recorder.serverId ? (
        <Link
          to={recordingPath(recorder.serverId)}
          className="text-sm font-medium text-primary-text underline-offset-4 hover:underline"
        >
          {RECORDING_TEXTS.openRecording}
        </Link>
      ) : null}
    </div>
  );
}
