import { LocateFixed, MapPin, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import { Button } from '../../../components/ui/button';
import { formatCoordinate, speedKmh } from '../../../lib/journey-format';
import { formatAgo } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import type { EscortFix } from '../hooks/use-escort-position';

type CurrentLocationPanelProps = {
  fix: EscortFix | null;
  /** Why there is no fix, when a read failed. */
  error: string | null;
  /** The /map page's refresh button. */
  onRefresh?: () => void;
};

/**
 * Where the phone is, as its GPS last said: the coordinates as the address (6 decimals), accuracy, when, speed
 * in km/h and heading. Without a fix it says the location is unknown; it never shows a made-up place.
 */
export function CurrentLocationPanel({ fix, error, onRefresh }: CurrentLocationPanelProps) {
  const titleId = useId();
  const now = useNow(1000);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="escort-current-location"
      className="flex flex-col gap-2 rounded-xl border p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-1.5 font-semibold">
          <LocateFixed className="size-4 text-info" aria-hidden />
          {ESCORT_TEXTS.currentLocation}
        </h3>
        {onRefresh ? (
          <Button variant="ghost" size="icon" onClick={onRefresh} aria-label={ESCORT_TEXTS.refreshLocation}>
            <RefreshCw aria-hidden />
          </Button>
        ) : null}
      </div>
      {fix ? (
        <>
          <p className="flex items-center gap-1 font-mono" data-testid="escort-address">
            <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {`${formatCoordinate(fix.latitude)}, ${formatCoordinate(fix.longitude)}`}
          </p>
          <div className="grid grid-cols-2 gap-x-3 gap-y-1 text-muted-foreground">
            {fix.accuracy !== null ? (
              <div data-testid="escort-accuracy">{ESCORT_TEXTS.accuracy(fix.accuracy)}</div>
            ) : null}
            <time dateTime={new Date(fix.at).toISOString()}>
              {ESCORT_TEXTS.lastUpdated(formatAgo(new Date(fix.at).toISOString(), now))}
            </time>
            <div className="flex gap-1">
              <span>{ESCORT_TEXTS.speedLabel}:</span>
              <span data-testid="escort-speed">
                {fix.speed !== null ? ESCORT_TEXTS.speed(speedKmh(fix.speed)) : ESCORT_TEXTS.unknownValue}
              </span>
            </div>
            <div className="flex gap-1">
              <span>{ESCORT_TEXTS.headingLabel}:</span>
              <span data-testid="escort-heading">
                {fix.heading !== null ? ESCORT_TEXTS.heading(fix.heading) : ESCORT_TEXTS.unknownValue}
              </span>
            </div>
          </div>
        </>
      ) : (
        <p className="text-muted-foreground" data-testid="escort-location-unknown">
          {ESCORT_TEXTS.locationUnknown}
          {error ? ` ${error}` : ''}
        </p>
      )}
    </section>
  );
}
