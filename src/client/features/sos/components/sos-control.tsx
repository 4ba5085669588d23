import { useId, useRef } from 'react';
import { SOS_TEXTS } from '#shared/ui-texts';
import type { SoundName } from '../../../lib/sounds';
import type { SosFlow } from '../hooks/use-sos-flow';
import { SosButton } from './sos-button';
import { SosCountdownDialog } from './sos-countdown-dialog';

type SosControlProps = {
  flow: SosFlow;
  online: boolean;
  size?: 'lg' | 'md';
  play?: (sound: SoundName) => void;
};

/** The SOS button with its visible hint and the countdown dialog it opens. */
export function SosControl({ flow, online, size = 'lg', play }: SosControlProps) {
  const hintId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-col items-center gap-4">
      <SosButton
        onPress={flow.requestSos}
        phase={flow.phase}
        online={online}
        size={size}
        describedBy={hintId}
        buttonRef={buttonRef}
      />
      <p id={hintId} className="max-w-xs text-center text-sm text-muted-foreground">
        {SOS_TEXTS.buttonHint}
      </p>
      <SosCountdownDialog
        open={flow.phase === 'countdown'}
        onConfirm={flow.confirmSos}
        onCancel={flow.cancelSos}
        soundEnabled={flow.soundEnabled}
        returnFocusTo={buttonRef}
        play={play}
      />
    </div>
  );
}
