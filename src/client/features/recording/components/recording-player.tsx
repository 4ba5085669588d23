import { useEffect, useRef, useState } from 'react';
import { RECORDING_TEXTS } from '#shared/recording-texts';
import type { Recording } from '#shared/schemas/recording';
import type { RecordingSource } from '../api/recording-source';
import { usePlaybackUrl } from '../hooks/use-playback-url';

/**
 * Plays a recording from its signed media URL (a recording still being made keeps growing as it plays). When the
 * URL is renewed, playback resumes where it was; a URL that failed because it expired meanwhile is renewed at
 * once, one that failed while valid is a recording this browser cannot play, and the page says so.
 */
export function RecordingPlayer({
  source,
  recording,
}: {
  source: RecordingSource;
  recording: Pick<Recording, 'id' | 'type' | 'contiguous_chunks'>;
}) {
  const hasMedia = recording.contiguous_chunks > 0;
  const playback = usePlaybackUrl(source, recording.id, hasMedia);
  const element = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const resumeAt = useRef(0);
  const url = playback.data?.media_url;
  /** The URL that would not play while still valid: the browser cannot play it (WebM on older Safari, say). */
  const [unplayable, setUnplayable] = useState<string | null>(null);

  useEffect(() => {
    const media = element.current;
    return () => {
      // The URL is about to change: remember where playback was.
      if (media) resumeAt.current = media.currentTime;
    };
  }, [url]);

  if (!hasMedia) return <p className="text-sm text-muted-foreground">{RECORDING_TEXTS.nothingYet}</p>;
  if (playback.isError || (url && unplayable === url)) {
    return (
      <p role="alert" className="text-sm text-warning">
        {RECORDING_TEXTS.playerFailed}
      </p>
    );
  }
  if (!url) return null;
  const props = {
    ref: element,
    src: url,
    controls: true,
    preload: 'metadata',
    'aria-label': RECORDING_TEXTS.playerLabel,
    'data-testid': 'recording-player',
    className: 'w-full rounded-xl bg-black',
    onLoadedMetadata: () => {
      if (element.current && resumeAt.current > 0) element.current.currentTime = resumeAt.current;
    },
    onError: () => {
      const expiresAt = playback.data ? Date.parse(playback.data.expires_at) : 0;
      if (Date.now() >= expiresAt) void playback.refetch();
      else setUnplayable(url);
    },
  } as const;
  return recording.type === 'video' ? <video {...props} playsInline /> : <audio {...props} />;
}
