import { MapPin, Siren, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { mapLink } from '#shared/map-link';
import { ALERT_TRIGGER_LABELS } from '#shared/texts';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { formatDayTime } from '../../../lib/time-format';
import type { WardAlert } from '../hooks/ward-activity-context';
import { DeliveryStatuses } from './delivery-statuses';

export function triggerLabel(triggerType: string): string {
  return ALERT_TRIGGER_LABELS[triggerType as keyof typeof ALERT_TRIGGER_LABELS] ?? triggerType;
}

/** The map link's words; a last-known position (not sent with the SOS) says so, and when it was taken. */
export function mapLinkLabel(alert: WardAlert['alert']): string {
  return alert.location_source === 'last_known' && alert.location_recorded_at
    ? GUARDIAN_VIEW_TEXTS.openLastKnownMap(formatDayTime(alert.location_recorded_at))
    : GUARDIAN_VIEW_TEXTS.openMap;
}

type WardAlertBannerProps = {
  entry: WardAlert;
  wardName: string;
  guardianViewPath?: string;
  onDismiss: () => void;
};

/**
 * One ward's alert, as the red banner on top of every signed-in screen: when, why, where (a map link) and each
 * contact's text status, live. Downloaded the first time a banner shows (ward-alert-banners.tsx).
 */
export function WardAlertBanner({ entry, wardName, guardianViewPath, onDismiss }: WardAlertBannerProps) {
  const titleId = useId();
  const { alert, deliveries } = entry;
  const hasLocation = alert.location_lat !== null && alert.location_lng !== null;
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-primary p-4 text-primary-foreground shadow-lg ring-4 ring-red-300/60 dark:ring-red-900/60"
    >
      <div className="flex items-start gap-3">
        <Siren className="mt-0.5 size-6 shrink-0 animate-pulse" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id={titleId} className="text-lg leading-tight font-bold">
            {GUARDIAN_VIEW_TEXTS.alertBannerTitle(wardName)}
          </h2>
          <p className="text-sm">
            <time dateTime={alert.occurred_at}>
              {GUARDIAN_VIEW_TEXTS.raisedAt(formatDayTime(alert.occurred_at))}
            </time>
            {' · '}
            {GUARDIAN_VIEW_TEXTS.trigger(triggerLabel(alert.trigger_type))}
          </p>
          {alert.message ? <p className="text-sm italic">“{alert.message}”</p> : null}
        </div>
        <Button
          size="icon"
          variant="ghost"
          className="-mt-1 -mr-1 text-primary-foreground hover:bg-white/15"
          aria-label={GUARDIAN_VIEW_TEXTS.dismissAlert(wardName)}
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="rounded-xl bg-black/15 p-3">
        <h3 className="mb-1 text-sm font-semibold">{GUARDIAN_VIEW_TEXTS.deliveriesTitle}</h3>
        <DeliveryStatuses deliveries={deliveries} onDanger />
      </div>
      <div className="flex flex-wrap gap-2">
        {hasLocation ? (
          <a
            href={mapLink(alert.location_lat ?? 0, alert.location_lng ?? 0)}
            target="_blank"
            rel="noreferrer"
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50',
              focusRing,
            )}
          >
            <MapPin className="size-4" aria-hidden />
            {mapLinkLabel(alert)}
          </a>
        ) : (
          <span className="text-sm">{GUARDIAN_VIEW_TEXTS.locationUnknown}</span>
        )}
        {guardianViewPath ? (
          <Link
            to={`${guardianViewPath}#ward-${entry.ward_id}`}
            className={cn(
              'inline-flex h-9 items-center rounded-lg border border-white/70 px-3 text-sm font-semibold hover:bg-white/15',
              focusRing,
            )}
          >
            {GUARDIAN_VIEW_TEXTS.viewWard}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
