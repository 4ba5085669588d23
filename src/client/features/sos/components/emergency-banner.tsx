import { Siren } from 'lucide-react';
import { SOS_TEXTS } from '#shared/ui-texts';

/** 'Emergency Mode Active' (docs/PRODUCT.md#sos-and-alerts): shown for a few seconds after an SOS fires. */
export function EmergencyBanner({
  title = SOS_TEXTS.emergencyModeActive,
  description = SOS_TEXTS.emergencyModeDescription,
}: {
  title?: string;
  description?: string;
}) {
  return (
    <div
      role="alert"
      data-testid="emergency-banner"
      className="flex w-full items-start gap-3 rounded-2xl bg-primary p-4 text-left text-primary-foreground shadow-lg"
    >
      <Siren className="mt-0.5 size-6 shrink-0 motion-safe:animate-pulse" aria-hidden />
      <div className="flex flex-col gap-0.5">
        <p className="text-lg font-bold">{title}</p>
        <p className="text-sm opacity-95">{description}</p>
      </div>
    </div>
  );
}
