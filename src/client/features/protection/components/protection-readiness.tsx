import { ShieldCheck, ShieldOff } from 'lucide-react';
import {
  PROTECTION_LEVEL_TEXTS,
  PROTECTION_READINESS_TEXTS as R,
  PROTECTION_TEXTS as T,
} from '#shared/protection-ui-texts';
import { cn } from '../../../lib/cn';
import { useProtectionSettings } from '../hooks/use-protection-settings';
import { useProtectionSnapshot } from '../hooks/use-protection-snapshot';
import { detectorStateText } from '../utils/detector-state-text';
import { DETECTORS } from '../utils/protection-engine';
import { protectionLevel } from '../utils/protection-level';

const TITLES = { shake: T.shakeTitle, loudSound: T.loudSoundTitle, voice: T.voiceTitle } as const;

/**
 * The readiness card's AI Protection part: when protection is on, which detectors work on this phone now and why
 * the others do not; when it is off, only that it is off (docs/PRODUCT.md#dashboard).
 */
export function ProtectionReadiness({ userId }: { userId: string }) {
  const { settings } = useProtectionSettings(userId);
  const { detectors } = useProtectionSnapshot();
  if (!settings) return null;
  if (!settings.enabled) {
    return (
      <p
        data-testid="protection-readiness"
        data-level="off"
        className="mt-4 flex items-center gap-2 text-sm text-muted-foreground"
      >
        <ShieldOff className="size-4 shrink-0" aria-hidden />
        {R.off}
      </p>
    );
  }
  const level = protectionLevel(detectors);
  return (
    <div data-testid="protection-readiness" data-level={level} className="mt-4 flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {R.level(PROTECTION_LEVEL_TEXTS[level])}
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {DETECTORS.map((detector) => (
          <li
            key={detector}
            data-testid={`readiness-${detector}`}
            data-state={detectors[detector]}
            className={cn(detectors[detector] === 'running' ? 'text-success' : 'text-muted-foreground')}
          >
            <span className="font-medium">{TITLES[detector]}: </span>
            {detectorStateText(detector, detectors[detector])}
          </li>
        ))}
      </ul>
    </div>
  );
}
