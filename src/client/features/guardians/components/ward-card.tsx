import { BatteryLow, BatteryMedium, MapPin, ShieldCheck, Wifi, WifiOff } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { LIVE_TRACKING, LOW_BATTERY_PERCENT } from '#shared/constants';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { alertTriggerLabel } from '#shared/texts';
import { mapLink } from '#shared/map-link';
import type { Ward } from '#shared/schemas/guardian';
import { WARD_BANNER_TEXTS } from '#shared/ward-banner-texts';
import { LiveMap } from '../../../components/map/live-map';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { stillCheckedAt } from '../../../lib/position-check';
import { formatAgo, formatDayTime } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { useWardRoute } from '../api/get-ward-route';
import type { WardAlert } from '../hooks/ward-activity-context';
import type { WardJourneys } from '../utils/ward-journeys';
import { openAlertIds } from '../utils/ward-banners';
import { wardSignal, type WardSignal } from '../utils/ward-signal';
import { DeliveryStatuses } from './delivery-statuses';
import { mapLinkLabel } from './ward-alert-banner';
import { WardAlertAnswer } from './ward-alert-answer';
import { WardAlertMeeting } from './ward-alert-meeting';
import { WardJourneysSection } from './ward-journeys';

type WardCardProps = {
  userId: string;
  ward: Ward;
  alerts: WardAlert[];
  /** Their escort and check-in (GET /api/wards/journeys) and the warnings about them. */
  journeys: WardJourneys;
  /** Their emergency recordings (composed by app/, which owns the recording feature). */
  recordings?: ReactNode;
};

/**
 * One person the guardian watches over: last known position on a map with the recent route (both move live),
 * battery and, from their last signal, whether they are online, their escort (its route on the map while it runs) and check-in with their
 * deadlines and warnings, and their alerts with each contact's text status.
 */
export function WardCard({ userId, ward, alerts, journeys, recordings }: WardCardProps) {
  const nameId = useId();
  const route = useWardRoute(userId, ward.ward_id);
  const now = useNow(LIVE_TRACKING.intervalMs);
  const { location } = ward;
  const name = ward.full_name || ward.email;
  const escortRoute = journeys.escort?.status === 'active' ? journeys.escort.route : null;
  const openIds = openAlertIds(alerts);

  return (
    <article
      id={`ward-${ward.ward_id}`}
      aria-labelledby={nameId}
      className="flex scroll-mt-4 flex-col gap-4 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          {/* Names in full: a guardian must never have to guess who is in danger. */}
          <h2 id={nameId} className="text-lg font-semibold break-words">
            {name}
          </h2>
          {ward.full_name ? (
            <span className="text-sm break-all text-muted-foreground">{ward.email}</span>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-1.5">
          {!ward.location_sharing_enabled ? (
            <Badge tone="warning">{GUARDIAN_VIEW_TEXTS.sharingOff}</Badge>
          ) : null}
          <SignalBadge signal={wardSignal(location, journeys.warnings, now)} />
          {location?.battery_level != null ? (
            <Badge tone={location.battery_level <= LOW_BATTERY_PERCENT ? 'danger' : 'neutral'}>
              {location.battery_level <= LOW_BATTERY_PERCENT ? (
                <BatteryLow className="mr-1 size-3" aria-hidden />
              ) : (
                <BatteryMedium className="mr-1 size-3" aria-hidden />
              )}
              {GUARDIAN_VIEW_TEXTS.battery(location.battery_level)}
            </Badge>
          ) : null}
        </div>
      </header>

      <LiveMap
        label={GUARDIAN_VIEW_TEXTS.mapLabel(name)}
        markerLabel={name}
        position={
          location
            ? { latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy }
            : null
        }
        route={escortRoute && escortRoute.length > 0 ? escortRoute : (route.data ?? [])}
      />

      {location ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1 font-mono" data-testid="ward-coordinates">
            <MapPin className="size-4 text-muted-foreground" aria-hidden />
            {GUARDIAN_VIEW_TEXTS.coordinates(location.latitude, location.longitude)}
          </span>
          {location.accuracy != null ? (
            <span className="text-muted-foreground">{GUARDIAN_VIEW_TEXTS.accuracy(location.accuracy)}</span>
          ) : null}
          <PositionAge location={location} now={now} />
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{GUARDIAN_VIEW_TEXTS.noPosition}</p>
      )}

      <WardJourneysSection name={name} journeys={journeys} />

      {recordings}

      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{GUARDIAN_VIEW_TEXTS.alertsTitle}</h3>
        {alerts[0]?.alert.status === 'resolved' ? <SafeNote name={name} alert={alerts[0].alert} /> : null}
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{GUARDIAN_VIEW_TEXTS.noAlerts}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {alerts.map((entry) => (
              <AlertRow
                key={entry.alert.id}
                viewerId={userId}
                entry={entry}
                wardName={name}
                open={openIds.has(entry.alert.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

const SIGNAL_BADGES = {
  online: { tone: 'success', Icon: Wifi, text: GUARDIAN_VIEW_TEXTS.online },
  offline: { tone: 'neutral', Icon: WifiOff, text: GUARDIAN_VIEW_TEXTS.offline },
  no_signal: { tone: 'warning', Icon: WifiOff, text: GUARDIAN_VIEW_TEXTS.noRecentSignal },
} as const;

/** The ward's connection as their last signal tells it (utils/ward-signal.ts); nothing when it is unknown. */
function SignalBadge({ signal }: { signal: WardSignal }) {
  if (!signal) return null;
  const { tone, Icon, text } = SIGNAL_BADGES[signal];
  return (
    <Badge tone={tone} data-testid="ward-signal" data-signal={signal}>
      <Icon className="mr-1 size-3" aria-hidden />
      {text}
    </Badge>
  );
}

/** The ward's newest alert is over: "<name> is safe", and when they said so (in this device's time zone). */
function SafeNote({ name, alert }: { name: string; alert: WardAlert['alert'] }) {
  return (
    <div className="flex items-start gap-2 rounded-xl border border-success/50 bg-success-soft p-3 text-sm">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold break-words">{WARD_BANNER_TEXTS.safeTitle(name)}</span>
        {alert.resolved_at ? (
          <time dateTime={alert.resolved_at} className="text-muted-foreground">
            {WARD_BANNER_TEXTS.safeAt(formatDayTime(alert.resolved_at))}
          </time>
        ) : null}
      </div>
    </div>
  );
}

/** One alert: red while it is open, plain once the ward has said they are safe; the meeting it carries. */
function AlertRow({
  viewerId,
  entry,
  wardName,
  open,
}: {
  viewerId: string;
  entry: WardAlert;
  wardName: string;
  open: boolean;
}) {
  const { alert } = entry;
  const hasLocation = alert.location_lat !== null && alert.location_lng !== null;
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-3 text-sm',
        open ? 'border-destructive/40 bg-primary-soft' : 'bg-muted/40',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={cn('font-semibold', open && 'text-primary-text')}>
          {GUARDIAN_VIEW_TEXTS.trigger(alertTriggerLabel(alert.trigger_type, alert.message))}
        </span>
        <Badge tone={open ? 'danger' : 'success'}>
          {open ? WARD_BANNER_TEXTS.stillActive : WARD_BANNER_TEXTS.resolved}
        </Badge>
      </div>
      <time dateTime={alert.occurred_at} className="text-muted-foreground">
        {GUARDIAN_VIEW_TEXTS.raisedAt(formatDayTime(alert.occurred_at))}
      </time>
      {alert.message ? <p className="break-words italic">“{alert.message}”</p> : null}
      {alert.meeting ? (
        <WardAlertMeeting viewerId={viewerId} alertId={alert.id} meeting={alert.meeting} />
      ) : null}
      {hasLocation ? (
        <a
          href={mapLink(alert.location_lat ?? 0, alert.location_lng ?? 0)}
          target="_blank"
          rel="noreferrer"
          className={cn(
            'self-start font-medium underline underline-offset-4',
            open ? 'text-primary-text' : 'text-foreground',
          )}
        >
          {mapLinkLabel(alert)}
        </a>
      ) : null}
      <DeliveryStatuses deliveries={entry.deliveries} />
      {open ? <WardAlertAnswer viewerId={viewerId} entry={entry} wardName={wardName} /> : null}
    </li>
  );
}

/** "Last updated 2 min ago", or for a phone that keeps finding itself at the same place when it last did. */
function PositionAge({ location, now }: { location: NonNullable<Ward['location']>; now: number }) {
  const checkedAt = stillCheckedAt(location);
  return (
    <time dateTime={checkedAt ?? location.recorded_at} className="text-muted-foreground">
      {checkedAt
        ? GUARDIAN_VIEW_TEXTS.stillHere(formatAgo(checkedAt, now))
        : GUARDIAN_VIEW_TEXTS.lastUpdated(formatAgo(location.recorded_at, now))}
    </time>
  );
}
