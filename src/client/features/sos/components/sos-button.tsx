import { useEffect, useState, type Ref } from 'react';
import { SOS } from '#shared/constants';
import { SOS_TEXTS } from '#shared/ui-texts';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { SosPhase } from '../hooks/use-sos-flow';

type SosButtonProps = {
  onPress: () => void;
  phase: SosPhase;
  online: boolean;
  /** The dashboard's "activated" state for a few seconds after an SOS. */
  activated?: boolean;
  size?: 'lg' | 'md';
  /** The id of the visible instructions, read after the button's name. */
  describedBy?: string;
  /** The countdown dialog returns focus here when it closes. */
  buttonRef?: Ref<HTMLButtonElement>;
};

/** The SOS button's element id: the "Skip to SOS" link's target. One SOS button is on a screen at a time. */
export const SOS_BUTTON_ID = 'sos-button';

const SIZES = {
  lg: 'size-52 text-5xl',
  md: 'size-36 text-4xl',
} as const;

const HALO_SIZES = { lg: 'size-64', md: 'size-44' } as const;

/**
 * The SOS button. ONE TAP starts the countdown; there is no press-and-hold. Holding still for 3 seconds is hard
 * with shaking hands, in gloves or while running, and a finger that slips off a hold button silently restarts it
 * at the worst moment. The accidental trigger a hold would guard against (a pocket, a stray tap) is already
 * guarded by the 10-second countdown with its big "Cancel Emergency" button and its beeps, so the tap costs no
 * safety. The on-screen instructions (SOS_TEXTS.instructions) say "tap", matching this behaviour.
 */
export function SosButton({
  onPress,
  phase,
  online,
  activated = false,
  size = 'lg',
  describedBy,
  buttonRef,
}: SosButtonProps) {
  const [pressed, setPressed] = useState(false);
  const sending = phase === 'sending';

  useEffect(() => {
    if (!pressed) return;
    const timer = window.setTimeout(() => setPressed(false), SOS.pressedAnimationMs);
    return () => window.clearTimeout(timer);
  }, [pressed]);

  // Said as one phrase ("SOS Offline"), as the separate words on the button read.
  const label = [
    SOS_TEXTS.button,
    sending ? SOS_TEXTS.sending : null,
    activated && !sending ? SOS_TEXTS.activated : null,
    online ? null : SOS_TEXTS.offline,
  ]
    .filter(Boolean)
    .join(' ');

  const press = (): void => {
    setPressed(true);
    onPress();
  };

  return (
    <div className="relative flex items-center justify-center">
      {/* A soft halo that pulses: it says "ready" without moving anything a person has to aim at. */}
      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute rounded-full bg-primary/15 motion-safe:animate-pulse',
          HALO_SIZES[size],
        )}
      />
      <button
        ref={buttonRef}
        id={SOS_BUTTON_ID}
        type="button"
        onClick={press}
        disabled={sending}
        aria-busy={sending || undefined}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="sos-button"
        data-state={activated ? 'activated' : sending ? 'sending' : 'ready'}
        className={cn(
          'relative flex cursor-pointer flex-col items-center justify-center gap-1 rounded-full font-black tracking-wider text-white shadow-xl ring-8 transition-transform duration-500 select-none',
          'bg-gradient-to-b active:scale-95',
          activated
            ? 'from-red-700 to-red-900 ring-red-600/50'
            : 'from-red-500 to-red-700 ring-red-600/20 hover:from-red-600 hover:to-red-800',
          'outline-none focus-visible:ring-offset-4 focus-visible:ring-offset-background focus-visible:ring-foreground',
          'disabled:cursor-wait disabled:opacity-90',
          pressed && 'scale-95',
          SIZES[size],
        )}
      >
        {sending ? <Spinner className="size-8 text-white" /> : null}
        <span>{SOS_TEXTS.button}</span>
        {sending ? <span className="text-sm font-semibold tracking-normal">{SOS_TEXTS.sending}</span> : null}
        {activated && !sending ? (
          <span className="text-sm font-semibold tracking-normal uppercase">{SOS_TEXTS.activated}</span>
        ) : null}
        {!online ? (
          <span className="flex items-center gap-1.5 rounded-full bg-black/30 px-2 py-0.5 text-xs font-semibold tracking-normal">
            <span aria-hidden className="size-2 rounded-full bg-amber-300" data-testid="sos-offline-dot" />
            {SOS_TEXTS.offline}
          </span>
        ) : null}
      </button>
    </div>
  );
}
