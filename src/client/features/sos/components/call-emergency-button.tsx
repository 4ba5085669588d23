import { Phone } from 'lucide-react';
import { EMERGENCY_NUMBER } from '#shared/constants';
import { SOS_TEXTS } from '#shared/ui-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';

/** 'Call 911': a real `tel:` link, so the phone dialer opens even when the app cannot reach its server. */
export function CallEmergencyButton() {
  return (
    <a
      href={`tel:${EMERGENCY_NUMBER}`}
      className={cn(
        'flex h-14 w-full items-center justify-center gap-2 rounded-xl border-2 border-red-600 bg-card text-lg font-bold text-primary-text shadow-sm transition-colors hover:bg-primary-soft',
        focusRing,
      )}
    >
      <Phone className="size-5" aria-hidden />
      {SOS_TEXTS.call911}
    </a>
  );
}
