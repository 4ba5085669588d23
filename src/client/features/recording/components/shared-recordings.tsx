import { Mic, Play, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { Recording } from '#shared/schemas/recording';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDayTimeZone } from '../../../lib/time-format';
import type { RecordingSource } from '../api/recording-source';
import { RecordingPlayer } from './recording-player';
import { VerifyPanel } from './verify-panel';

/**
 * The tracking page's recordings: what the share link may play, newest first. Each plays (and is verified) through
 * the link's own routes, without signing in; nothing is fetched, and no view logged, until Play.
 */
export function SharedRecordings({ shareCode, recordings }: { shareCode: string; recordings: Recording[] }) {
  const titleId = useId();
  const source: RecordingSource = { kind: 'share', shareCode };
  return (
    <Card aria-labelledby={titleId} data-testid="shared-recordings">
      <CardHeader>
        <CardTitle id={titleId} as="h2">
          {RECORDING_TEXTS.sharedTitle}
        </CardTitle>
        <CardDescription>{RECORDING_TEXTS.sharedDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {recordings.map((recording) => (
            <SharedRecording key={recording.id} source={source} recording={recording} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function SharedRecording({ source, recording }: { source: RecordingSource; recording: Recording }) {
  const [open, setOpen] = useState(false);
  const Icon = recording.type === 'video' ? Video : Mic;
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-3" data-testid="shared-recording">
      {/* One run of text beside the icon: a narrow card wraps it between words, never before a separator. */}
      <p className="flex items-start gap-2 text-sm font-medium">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <time dateTime={recording.started_at}>{formatDayTimeZone(recording.started_at)}</time>
          {` · ${RECORDING_TEXTS.statusLabels[recording.status]} · `}
          <span className="text-muted-foreground">
            {RECORDING_TEXTS.onServer(recording.contiguous_chunks)}
          </span>
        </span>
      </p>
      <p className="text-xs text-muted-foreground">{RECORDING_TEXTS.statusMeanings[recording.status]}</p>
      {open ? (
        <>
          <RecordingPlayer source={source} recording={recording} />
          <VerifyPanel source={source} recordingId={recording.id} />
        </>
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Play aria-hidden />
          {RECORDING_TEXTS.play}
        </Button>
      )}
    </li>
  );
}
