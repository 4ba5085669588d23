import { Mic, Video } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { cn } from '../../../lib/cn';
import { recordingPath } from '../../../lib/paths';
import { formatDayTime } from '../../../lib/time-format';
import { useWardRecordings } from '../stores/ward-recordings-store';

/**
 * On a ward's card: the recordings this guardian was told of (realtime), each a link to its page; the one being
 * recorded now stands out. Nothing when there are none.
 */
export function WardRecordings({ viewerId, wardId }: { viewerId: string; wardId: string }) {
  const titleId = useId();
  const recordings = useWardRecordings(viewerId, wardId);
  if (recordings.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="ward-recordings">
      <h3 id={titleId} className="font-semibold">
        {RECORDING_TEXTS.wardRecordingsTitle}
      </h3>
      <ul className="flex flex-col gap-2">
        {recordings.map((recording) => {
          const live = recording.status === 'recording';
          const Icon = recording.type === 'video' ? Video : Mic;
          return (
            <li key={recording.id}>
              <Link
                to={recordingPath(recording.id)}
                className={cn(
                  'flex items-center gap-2 rounded-xl border p-3 text-sm font-medium underline-offset-4 hover:underline',
                  live ? 'border-destructive/40 bg-primary-soft text-primary-text' : 'bg-muted/40',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {RECORDING_TEXTS.wardRecordingLink(
                  RECORDING_TEXTS.originLabels[recording.origin],
                  formatDayTime(recording.started_at),
                  RECORDING_TEXTS.statusLabels[recording.status],
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
