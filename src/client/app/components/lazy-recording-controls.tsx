import { Suspense, type ComponentProps } from 'react';
import { RECORDING_CARD_TEXTS } from '#shared/recording-card-texts';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { lazyAfterFirstPaint } from '../../lib/first-paint';

/** The recording code (recorder, upload, texts) downloads when a screen offering it first shows. */
const RecordingControls = lazyAfterFirstPaint(
  'screen',
  async () => (await import('../../features/recording/components/recording-controls')).RecordingControls,
);

type RecordingControlsProps = ComponentProps<typeof RecordingControls>;

/**
 * The card as it looks before its code has loaded: the same words and size, its button disabled until it can
 * record. It paints with the screen, so the screen does not change shape, and its largest text is painted once
 * rather than again when the code arrives.
 */
function RecordingControlsPlaceholder({
  title = RECORDING_CARD_TEXTS.controlsTitle,
  description,
  startLabel = RECORDING_CARD_TEXTS.record,
}: RecordingControlsProps) {
  return (
    <Card
      aria-label={title}
      aria-busy
      className="flex flex-col gap-3 p-5"
      data-testid="recording-controls-loading"
    >
      <CardTitle>{title}</CardTitle>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <Button variant="destructive" size="lg" disabled>
        {startLabel}
      </Button>
      <p className="text-xs text-muted-foreground">{RECORDING_CARD_TEXTS.limits}</p>
    </Card>
  );
}

/** The emergency recording controls, loaded on demand; a disabled stand-in shows until they have loaded. */
export function LazyRecordingControls(props: RecordingControlsProps) {
  return (
    <Suspense fallback={<RecordingControlsPlaceholder {...props} />}>
      <RecordingControls {...props} />
    </Suspense>
  );
}
