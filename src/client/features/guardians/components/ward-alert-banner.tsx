import { Check, FlaskConical, MapPin, ShieldCheck, Siren, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DRILL_VIEW_TEXTS } from '#shared/drill-texts';
import { GUARDIAN_VIEW_TEXTS } from '#shared/guardian-view-texts';
import { mapLink } from '#shared/map-link';
import { alertTriggerLabel } from '#shared/texts';
import { WARD_BANNER_TEXTS } from '#shared/ward-banner-texts';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus-ring';
import { cn } from '../../../lib/cn';
import { formatDayTime } from '../../../lib/time-format';
import { useMarkAlertSeen } from '../api/mark-alert-seen';
import { useRespondToAlert } from '../api/respond-to-alert';
import type { WardAlert } from '../hooks/ward-activity-context';
import type { WardBanner } from '../utils/ward-banners';
import { DeliveryStatuses } from './delivery-statuses';
import { WardAlertAnswer } from './ward-alert-answer';

/** The map link's words; a last-known position (not sent with the SOS) says so, and when it was taken. */
export function mapLinkLabel(alert: WardAlert['alert']): string {
  return alert.location_source === 'last_known' && alert.location_recorded_at
    ? GUARDIAN_VIEW_TEXTS.openLastKnownMap(formatDayTime(alert.location_recorded_at))
    : GUARDIAN_VIEW_TEXTS.openMap;
}

type WardAlertBannerProps = {
  banner: WardBanner<WardAlert>;
  wardName: string;
  /** The guardian: "Seen" is stored for them. */
  userId: string;
  guardianViewPath?: string;
  /** Closes "<name> is safe". */
  onClose: () => void;
};

/**
 * One ward's banner on top of every signed-in screen (docs/PRODUCT.md#guardians-see-one-calm-picture): their newest
 * open alert, loud (when, why, where, each text's status, "Seen") until this guardian says Seen, then a quiet line
 * that stays while the ward is still in danger; "<name> is safe" once they end it. Downloaded the first time any
 * signed-in screen shows (ward-alert-banners.tsx).
 */
export function WardAlertBanner(props: WardAlertBannerProps) {
  const { banner } = props;
  // A drill ("Test my safety network") is no emergency: a calm TEST banner, never the red one.
  if (banner.entry.alert.trigger_type === 'drill') return <DrillBanner {...props} />;
  if (banner.state === 'safe') return <SafeBanner {...props} />;
  return banner.entry.seen_at ? <SeenBanner {...props} /> : <LoudBanner {...props} />;
}

function LoudBanner({ banner, wardName, userId, guardianViewPath }: WardAlertBannerProps) {
  const titleId = useId();
  // The banner turns quiet once the server has stored Seen (api/mark-alert-seen.ts).
  const seen = useMarkAlertSeen(userId);
  const { alert, deliveries } = banner.entry;
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-primary p-4 text-primary-foreground shadow-lg ring-4 ring-red-300/60 dark:ring-red-900/60"
    >
      <div className="flex items-start gap-3">
        <Siren className="mt-0.5 size-6 shrink-0 motion-safe:animate-pulse" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id={titleId} className="text-lg leading-tight font-bold break-words">
            {GUARDIAN_VIEW_TEXTS.alertBannerTitle(wardName)}
          </h2>
          <p className="text-sm">
            <AlertWhen alert={alert} />
            {' · '}
            {GUARDIAN_VIEW_TEXTS.trigger(alertTriggerLabel(alert.trigger_type, alert.message))}
          </p>
          <Earlier count={banner.state === 'active' ? banner.earlier : 0} className="bg-white text-red-800" />
          {alert.message ? <p className="text-sm break-words italic">“{alert.message}”</p> : null}
        </div>
      </div>
      <div className="rounded-xl bg-black/15 p-3">
        <h3 className="mb-1 text-sm font-semibold">{GUARDIAN_VIEW_TEXTS.deliveriesTitle}</h3>
        <DeliveryStatuses deliveries={deliveries} onDanger />
      </div>
      <WardAlertAnswer viewerId={userId} entry={banner.entry} wardName={wardName} onDanger />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          className="bg-white text-red-800 hover:bg-red-50"
          aria-label={WARD_BANNER_TEXTS.markSeen(wardName)}
          disabled={seen.isPending}
          onClick={() => seen.mutate(banner.entry.alert.id)}
        >
          <Check aria-hidden />
          {WARD_BANNER_TEXTS.seen}
        </Button>
        <AlertMapLink
          alert={alert}
          className="inline-flex h-9 items-center gap-2 rounded-lg border border-white/70 px-3 text-sm font-semibold hover:bg-white/15"
        />
        <ViewWardLink
          banner={banner}
          guardianViewPath={guardianViewPath}
          className="h-9 rounded-lg border border-white/70 px-3 hover:bg-white/15"
        />
      </div>
    </section>
  );
}

/** After "Seen": one quiet line that stays while the ward is in danger, with the way to their map. */
function SeenBanner({ banner, wardName, userId, guardianViewPath }: WardAlertBannerProps) {
  const titleId = useId();
  const { alert, seen_at } = banner.entry;
  return (
    <section
      role="status"
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-2xl border-2 border-destructive/60 bg-primary-soft p-3 text-sm text-foreground shadow-sm"
    >
      <div className="flex items-start gap-2">
        <Siren className="mt-0.5 size-5 shrink-0 text-primary-text" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id={titleId} className="leading-tight font-semibold break-words text-primary-text">
            {GUARDIAN_VIEW_TEXTS.alertBannerTitle(wardName)}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
            <span className="font-semibold text-primary-text">{WARD_BANNER_TEXTS.stillActive}</span>
            <AlertWhen alert={alert} />
            {seen_at ? (
              <time dateTime={seen_at}>{WARD_BANNER_TEXTS.seenAt(formatDayTime(seen_at))}</time>
            ) : null}
          </p>
          <Earlier count={banner.state === 'active' ? banner.earlier : 0} className="bg-primary/10" />
        </div>
      </div>
      <div className="pl-7">
        <WardAlertAnswer viewerId={userId} entry={banner.entry} wardName={wardName} />
      </div>
      <div className="flex flex-wrap gap-2 pl-7">
        <AlertMapLink
          alert={alert}
          className="inline-flex items-center gap-1 font-semibold text-primary-text underline underline-offset-4"
        />
        <ViewWardLink
          banner={banner}
          guardianViewPath={guardianViewPath}
          className="text-primary-text underline underline-offset-4"
        />
      </div>
    </section>
  );
}

/** The ward ended the alert: "<name> is safe", and when, until closed or for a while (SAFE_NOTICE_MS). */
function SafeBanner({ banner, wardName, onClose }: WardAlertBannerProps) {
  const titleId = useId();
  const { resolved_at } = banner.entry.alert;
  return (
    <section
      role="status"
      aria-labelledby={titleId}
      className="flex items-start gap-2 rounded-2xl border-2 border-success/60 bg-success-soft p-3 text-sm text-foreground shadow-sm"
    >
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 id={titleId} className="leading-tight font-semibold break-words">
          {WARD_BANNER_TEXTS.safeTitle(wardName)}
        </h2>
        {resolved_at ? (
          <time dateTime={resolved_at} className="text-muted-foreground">
            {WARD_BANNER_TEXTS.safeAt(formatDayTime(resolved_at))}
          </time>
        ) : null}
      </div>
      <CloseBanner wardName={wardName} onClose={onClose} />
    </section>
  );
}

/** When the ward raised it, in this device's time zone. */
function AlertWhen({ alert }: { alert: WardAlert['alert'] }) {
  return (
    <time dateTime={alert.occurred_at}>{GUARDIAN_VIEW_TEXTS.raisedAt(formatDayTime(alert.occurred_at))}</time>
  );
}

function Earlier({ count, className }: { count: number; className: string }) {
  if (count === 0) return null;
  return (
    <span className={cn('self-start rounded-full px-2 py-0.5 text-xs font-semibold', className)}>
      {WARD_BANNER_TEXTS.earlierAlerts(count)}
    </span>
  );
}

/** Open in Maps for the alert's position, or "Location unknown" when it has none. */
function AlertMapLink({ alert, className }: { alert: WardAlert['alert']; className: string }) {
  if (alert.location_lat === null || alert.location_lng === null) {
    return <span className="self-center text-sm">{GUARDIAN_VIEW_TEXTS.locationUnknown}</span>;
  }
  return (
    <a
      href={mapLink(alert.location_lat, alert.location_lng)}
      target="_blank"
      rel="noreferrer"
      className={cn(className, focusRing)}
    >
      <MapPin className="size-4" aria-hidden />
      {mapLinkLabel(alert)}
    </a>
  );
}

function ViewWardLink({
  banner,
  guardianViewPath,
  className,
}: {
  banner: WardBanner<WardAlert>;
  guardianViewPath?: string;
  className: string;
}) {
  if (!guardianViewPath) return null;
  return (
    <Link
      to={`${guardianViewPath}#ward-${banner.ward_id}`}
      className={cn('inline-flex items-center text-sm font-semibold', focusRing, className)}
    >
      {GUARDIAN_VIEW_TEXTS.viewWard}
    </Link>
  );
}

/** A ward's drill: TEST, nothing is wrong, and "I got it" (their answer shows on the ward's drill screen). */
function DrillBanner({ banner, wardName, userId, onClose }: WardAlertBannerProps) {
  const titleId = useId();
  const respond = useRespondToAlert(userId);
  const ended = banner.state === 'safe';
  const confirmed = banner.entry.my_response != null;
  return (
    <section
      role="status"
      aria-labelledby={titleId}
      data-testid="ward-drill-banner"
      className="flex items-start gap-2 rounded-2xl border-2 border-info/50 bg-info-soft p-3 text-sm text-foreground shadow-sm"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-info" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} className="leading-tight font-semibold break-words">
          {DRILL_VIEW_TEXTS.banner(wardName)}
        </h2>
        <p className="text-muted-foreground">
          {ended ? DRILL_VIEW_TEXTS.ended : DRILL_VIEW_TEXTS.nothingWrong}
        </p>
        {ended ? null : confirmed ? (
          <p className="font-semibold">{DRILL_VIEW_TEXTS.confirmed}</p>
        ) : (
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            disabled={respond.isPending}
            onClick={() => respond.mutate({ alertId: banner.entry.alert.id, response: 'acknowledged' })}
          >
            <Check aria-hidden />
            {DRILL_VIEW_TEXTS.confirm}
          </Button>
        )}
      </div>
      {ended ? <CloseBanner wardName={wardName} onClose={onClose} /> : null}
    </section>
  );
}

/** The banner's close button, once the ward is safe or their test has ended. */
function CloseBanner({ wardName, onClose }: { wardName: string; onClose: () => void }) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className="-mt-1 -mr-1 size-8"
      aria-label={WARD_BANNER_TEXTS.closeSafe(wardName)}
      onClick={onClose}
    >
      <X aria-hidden />
    </Button>
  );
}
