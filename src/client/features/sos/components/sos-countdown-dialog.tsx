import { useId } from 'react';
import { SOS_COUNTDOWN_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import type { SoundName } from '../../../lib/sounds';
import { useCountdown } from '../hooks/use-countdown';

type SosCountdownDialogProps = {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  soundEnabled: boolean;
  /** Injected for tests; lib/sounds otherwise. */
  play?: (sound: SoundName) => void;
};

const prevent = (event: Event): void => event.preventDefault();

/**
 * The SOS activation dialog: a modal that an outside click or Escape cannot dismiss, so only
 * "Cancel Emergency" stops it. The countdown lives in the content, which unmounts on close: closing resets it.
 * See docs/PRODUCT.md#sos-and-alerts.
 */
export function SosCountdownDialog({
  open,
  onConfirm,
  onCancel,
  soundEnabled,
  play,
}: SosCountdownDialogProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        onEscapeKeyDown={prevent}
        onPointerDownOutside={prevent}
        onInteractOutside={prevent}
        className="items-center gap-5 border-red-600 p-6 text-center"
      >
        <CountdownBody onConfirm={onConfirm} onCancel={onCancel} soundEnabled={soundEnabled} play={play} />
      </DialogContent>
    </Dialog>
  );
}

function CountdownBody({ onConfirm, onCancel, soundEnabled, play }: Omit<SosCountdownDialogProps, 'open'>) {
  const remaining = useCountdown({ onConfirm, soundEnabled, play });
  const labelId = useId();
  return (
    <>
      <DialogTitle className="text-xl font-bold text-primary-text">{SOS_COUNTDOWN_TEXTS.title}</DialogTitle>
      <DialogDescription className="text-base text-foreground">
        {SOS_COUNTDOWN_TEXTS.description}
      </DialogDescription>
      <div className="flex flex-col items-center">
        <span
          role="timer"
          aria-labelledby={labelId}
          aria-atomic="true"
          data-testid="sos-countdown"
          className="flex size-32 items-center justify-center rounded-full bg-primary text-6xl font-black text-primary-foreground tabular-nums shadow-lg"
        >
          {remaining}
        </span>
        <span id={labelId} className="mt-2 text-sm font-medium text-muted-foreground">
          {SOS_COUNTDOWN_TEXTS.secondsRemaining}
        </span>
      </div>
      <Button
        size="none"
        variant="outline"
        className="h-14 w-full px-6 text-lg"
        onClick={onCancel}
        // Focus lands here when the dialog opens: a still-held Enter from the SOS button must not cancel it.
        onKeyDown={(event) => {
          if (event.repeat) event.preventDefault();
        }}
      >
        {SOS_COUNTDOWN_TEXTS.cancel}
      </Button>
      <p className="text-sm text-muted-foreground">{SOS_COUNTDOWN_TEXTS.hint}</p>
    </>
  );
}
