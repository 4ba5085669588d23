import { useId } from 'react';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import { formatDayTimeZone } from '../../../lib/time-format';
import { useRecordingViews } from '../api/get-recording-views';

/** Who watched the recording, newest first as the server lists them: shown to its owner only. */
export function RecordingViews({ recordingId }: { recordingId: string }) {
  const titleId = useId();
  const views = useRecordingViews(recordingId, true).data;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="recording-views">
      <h2 id={titleId} className="font-semibold">
        {RECORDING_TEXTS.viewsTitle}
      </h2>
      {views === undefined ? null : views.length === 0 ? (
        <p className="text-sm text-muted-foreground">{RECORDING_TEXTS.viewsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {views.map((view) => (
            <li key={`${view.viewer}-${view.viewed_at}`} className="flex justify-between gap-3">
              <span>
                {view.viewer === 'owner'
                  ? RECORDING_TEXTS.viewerOwner
                  : view.viewer === 'share_link'
                    ? RECORDING_TEXTS.viewerShareLink
                    : RECORDING_TEXTS.viewerGuardian(view.viewer_name)}
              </span>
              <time dateTime={view.viewed_at} className="text-muted-foreground">
                {formatDayTimeZone(view.viewed_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
