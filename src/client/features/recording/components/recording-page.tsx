import { Mic, Trash2, Video } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { Recording, RecordingStatus } from '#shared/schemas/recording';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDayTimeZone } from '../../../lib/time-format';
import { useDeleteRecording } from '../api/delete-recording';
import { useRecording } from '../api/get-recording';
import type { RecordingSource } from '../api/recording-source';
import { RecordingPlayer } from './recording-player';
import { RecordingViews } from './recording-views';
import { VerifyPanel } from './verify-panel';

const ACCOUNT: RecordingSource = { kind: 'account' };

const STATUS_TONES: Record<RecordingStatus, BadgeTone> = {
  recording: 'danger',
  finished: 'success',
  cut_off: 'warning',
};

/**
 * One recording for its owner or an active guardian (the server decides who may see it): the player, what its
 * status means, how much is on the server, when it will be deleted, Verify; for the owner also who watched it
 * and Delete. `onDeleted`: where to go once the owner deleted it.
 */
export function RecordingPage({
  recordingId,
  viewerId,
  onDeleted,
}: {
  recordingId: string;
  viewerId: string;
  onDeleted: () => void;
}) {
  const query = useRecording(recordingId);
  if (query.isPending) return <Spinner className="mx-auto my-10 size-8 text-muted-foreground" />;
  if (!query.data) {
    return (
      <Card role="alert" className="p-6 text-center text-muted-foreground">
        {RECORDING_TEXTS.loadFailed}
      </Card>
    );
  }
  const recording = query.data;
  const owner = recording.user_id === viewerId;
  return (
    <div className="flex flex-col gap-4" data-testid="recording-page">
      <RecordingSummary recording={recording} showOwner={!owner} />
      <Card className="flex flex-col gap-4 p-4">
        <RecordingPlayer source={ACCOUNT} recording={recording} />
        <VerifyPanel source={ACCOUNT} recordingId={recording.id} />
      </Card>
      {owner ? (
        <Card className="flex flex-col gap-4 p-4">
          <RecordingViews recordingId={recording.id} />
          <DeleteRecording recordingId={recording.id} onDeleted={onDeleted} />
        </Card>
      ) : null}
    </div>
  );
}

/** Type, status and what it means, seconds on the server, start and deletion times (with their time zone). */
export function RecordingSummary({ recording, showOwner }: { recording: Recording; showOwner: boolean }) {
  const Icon = recording.type === 'video' ? Video : Mic;
  return (
    <Card className="flex flex-col gap-2 p-4">
      {showOwner ? <p className="font-semibold">{RECORDING_TEXTS.ownerLine(recording.owner_name)}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">
          <Icon className="mr-1 size-3" aria-hidden />
          {recording.type === 'video' ? RECORDING_TEXTS.typeVideo : RECORDING_TEXTS.typeAudio}
        </Badge>
        <Badge tone={STATUS_TONES[recording.status]} data-testid="recording-status-badge">
          {RECORDING_TEXTS.statusLabels[recording.status]}
        </Badge>
      </div>
      <p className="text-sm" data-testid="recording-status-meaning">
        {RECORDING_TEXTS.statusMeanings[recording.status]}
      </p>
      <p className="text-sm font-medium tabular-nums" data-testid="recording-seconds">
        {RECORDING_TEXTS.onServer(recording.contiguous_chunks)}
      </p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={recording.started_at}>
          {RECORDING_TEXTS.startedAt(formatDayTimeZone(recording.started_at))}
        </time>
        {' · '}
        <time dateTime={recording.delete_at} data-testid="recording-delete-at">
          {RECORDING_TEXTS.deleteAt(formatDayTimeZone(recording.delete_at))}
        </time>
      </p>
    </Card>
  );
}

function DeleteRecording({ recordingId, onDeleted }: { recordingId: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteRecording(recordingId, () => {
    setOpen(false);
    toast.success(RECORDING_TEXTS.deletedTitle);
    onDeleted();
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        {RECORDING_TEXTS.delete}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={RECORDING_TEXTS.deleteConfirmTitle}
        description={RECORDING_TEXTS.deleteConfirmDescription}
        cancelLabel={RECORDING_TEXTS.deleteCancel}
        confirmLabel={RECORDING_TEXTS.deleteConfirm}
        onConfirm={() => deletion.mutate()}
        pending={deletion.isPending}
        destructive
      />
    </>
  );
}
