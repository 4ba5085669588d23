import { BatteryWarning, MapPin, WifiOff } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { JOURNEY_GUARDIAN_TEXTS } from '#shared/journey-guardian-texts';
import { mapLink } from '#shared/map-link';
import { WARD_WARNING_TEXTS } from '#shared/ward-warning-texts';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { formatAgo, formatClockTime } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { lastPositionLine } from '../utils/journey-warning';
import type { WarningBanner } from '../utils/warning-banners';

/** "went quiet 4 min ago" moves on while the banner is up. */
const AGO_REFRESH_MS = 30_000;

type WardWarningBannerProps = {
  banner: WarningBanner;
  wardName: string;
  /** The guardian view, where the ward's card is. */
  guardianViewPath: string;
  /** "Got it": this device stops showing this warning. */
  onDismiss: () => void;
};

/**
 * A ward's journey warning interrupting the guardian's screen (docs/PRODUCT.md#guardians): their phone went quiet
 * during a journey, or its battery is nearly empty; where it last was, the way to their card and map, and "Got
 * it". There is no "Call" here: the guardian's view of a ward holds no phone number. Downloaded the first time any
 * signed-in screen shows (ward-alert-banners.tsx).
 */
export function WardWarningBanner({ banner, wardName, guardianViewPath, onDismiss }: WardWarningBannerProps) {
  const titleId = useId();
  const now = useNow(AGO_REFRESH_MS);
  const { warning } = banner;
  const silence = warning.kind === 'silence';
  const Icon = silence ? WifiOff : BatteryWarning;
  const title = silence
    ? WARD_WARNING_TEXTS.silence(wardName, formatAgo(warning.last_signal_at, now), warning.journey)
    : warning.battery !== null
      ? JOURNEY_GUARDIAN_TEXTS.lastGasp(wardName, Math.round(warning.battery))
      : JOURNEY_GUARDIAN_TEXTS.lastGaspUnknown(wardName);
  const { location } = warning;
  const link =
    'inline-flex h-9 items-center gap-1.5 rounded-lg border border-warning/70 px-3 text-sm font-semibold hover:bg-warning/10';
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      data-testid="ward-warning-banner"
      className="flex flex-col gap-3 rounded-2xl border-2 border-warning bg-warning-soft p-4 text-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-warning" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id={titleId} className="leading-tight font-bold break-words">
            {title}
          </h2>
          <p className="text-sm">
            {silence ? (
              <time dateTime={warning.last_signal_at}>
                {WARD_WARNING_TEXTS.lastHeard(formatClockTime(warning.last_signal_at))}
              </time>
            ) : (
              WARD_WARNING_TEXTS.duringJourney(warning.journey)
            )}
          </p>
          <p className="text-sm text-muted-foreground">{lastPositionLine(warning)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="primary"
          aria-label={WARD_WARNING_TEXTS.gotItLabel(wardName)}
          onClick={onDismiss}
        >
          {WARD_WARNING_TEXTS.gotIt}
        </Button>
        <Link to={`${guardianViewPath}#ward-${banner.ward_id}`} className={cn(link, focusRing)}>
          {WARD_WARNING_TEXTS.openCard(wardName)}
        </Link>
        {location ? (
          <a
            href={mapLink(location.latitude, location.longitude)}
            target="_blank"
            rel="noreferrer"
            className={cn(link, focusRing)}
          >
            <MapPin className="size-4" aria-hidden />
            {GUARDIAN_VIEW_TEXTS.openMap}
          </a>
        ) : null}
      </div>
    </section>
  );
}
