import { useCallback, useEffect, useId, useState, type RefObject } from 'react';
import { SOS } from '#shared/constants';
import { SOS_COUNTDOWN_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import type { SoundName } from '../../../lib/sounds';
import { useCountdown } from '../hooks/use-countdown';
import { CallEmergencyButton } from './call-emergency-button';

type SosCountdownDialogProps = {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  soundEnabled: boolean;
  /** What AI Protection noticed, when it opened the countdown. */
  notice?: string;
  /** Where keyboard focus goes when the dialog closes (the SOS button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Injected for tests; lib/sounds otherwise. */
  play?: (sound: SoundName) => void;
};

const prevent = (event: Event): void => event.preventDefault();

/**
 * The SOS activation dialog: a modal that an outside click or Escape cannot dismiss, so only
 * "Cancel Emergency" stops it. The countdown lives in the content, which unmounts on close: closing resets it.
 * At zero it fires at once but stays open on "0" for SOS.zeroHoldMs, so the person sees the count end rather
 * than a dialog that vanishes at 1. It says what really happens (contacts get a text; nobody is called) and
 * offers a real Call 911 link. See docs/PRODUCT.md#sos-and-alerts.
 */
export function SosCountdownDialog({
  open,
  onConfirm,
  onCancel,
  soundEnabled,
  notice,
  returnFocusTo,
  play,
}: SosCountdownDialogProps) {
  const [holdingZero, setHoldingZero] = useState(false);
  useEffect(() => {
    if (!holdingZero) return;
    const timer = window.setTimeout(() => setHoldingZero(false), SOS.zeroHoldMs);
    return () => window.clearTimeout(timer);
  }, [holdingZero]);
  const fire = useCallback(() => {
    setHoldingZero(true);
    onConfirm();
  }, [onConfirm]);

  return (
    <Dialog open={open || holdingZero}>
      <DialogContent
        hideClose
        onEscapeKeyDown={prevent}
        onPointerDownOutside={prevent}
        onInteractOutside={prevent}
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a DialogTrigger; this dialog has none, so focus would fall to the page.
          const target = returnFocusTo?.current;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
        className="items-center gap-5 border-red-600 p-6 text-center"
      >
        <CountdownBody
          onConfirm={fire}
          onCancel={onCancel}
          soundEnabled={soundEnabled}
          notice={notice}
          play={play}
        />
      </DialogContent>
    </Dialog>
  );
}

function CountdownBody({
  onConfirm,
  onCancel,
  soundEnabled,
  notice,
  play,
}: Pick<SosCountdownDialogProps, 'onConfirm' | 'onCancel' | 'soundEnabled' | 'notice' | 'play'>) {
  const remaining = useCountdown({ onConfirm, soundEnabled, play });
  const labelId = useId();
  return (
    <>
      <DialogTitle className="text-xl font-bold text-primary-text">{SOS_COUNTDOWN_TEXTS.title}</DialogTitle>
      <DialogDescription className="text-base text-foreground">
        {notice ? <strong className="block">{notice}</strong> : null}
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
        disabled={remaining === 0}
        // Focus lands here when the dialog opens: a still-held Enter from the SOS button must not cancel it.
        onKeyDown={(event) => {
          if (event.repeat) event.preventDefault();
        }}
      >
        {SOS_COUNTDOWN_TEXTS.cancel}
      </Button>
      <CallEmergencyButton size="md" />
      <p className="text-sm text-muted-foreground">{SOS_COUNTDOWN_TEXTS.hint}</p>
    </>
  );
}
