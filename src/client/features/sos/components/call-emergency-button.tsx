import { Phone } from 'lucide-react';
import { EMERGENCY_NUMBER } from '#shared/constants';
import { SOS_TEXTS } from '#shared/ui-texts';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';

/**
 * 'Call 911': a real `tel:` link, so the phone dialer opens even when the app cannot reach its server. `md` is the
 * smaller one inside the countdown dialog.
 */
export function CallEmergencyButton({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  return (
    <a
      href={`tel:${EMERGENCY_NUMBER}`}
      className={cn(
        'flex w-full items-center justify-center gap-2 rounded-xl border-2 border-red-600 bg-card font-bold text-primary-text transition-colors hover:bg-primary-soft',
        size === 'lg' ? 'h-14 text-lg shadow-sm' : 'h-12',
        focusRing,
      )}
    >
      <Phone className="size-5" aria-hidden />
      {SOS_TEXTS.call911}
    </a>
  );
}
