import { CalendarClock, MapPin, MapPinOff, Siren } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ACTIVE_ALERT_TEXTS } from '#shared/active-alert-texts';
import { ALERT_MEETING_TEXTS } from '#shared/alert-meeting-texts';
import { JOURNEY_ALERT_CAUSE_TEXTS } from '#shared/escort-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import { Card, CardTitle } from '../../../components/ui/card';
import { buildSmsUrl } from '../../../lib/device/sms-composer';
import { cn } from '../../../lib/cn';
import { formatClockTime } from '../../../lib/time-format';
import { offlineSmsBody } from '../utils/offline-sms';
import { CallEmergencyButton } from './call-emergency-button';
import { DeliveryList } from './delivery-list';
import { ImSafeControl } from './im-safe-control';
import { TextContactsButton } from './text-contacts-button';
import { WhoIsComingPanel } from './who-is-coming-panel';

/**
 * Whether this device is sending its position while the alert is active (see LocationSharingScope); `unknown`:
 * Share Location has not been read on this device yet, so the position goes out and the server decides.
 */
export type AlertSharingState = 'on' | 'off' | 'no_permission' | 'unknown';

type ActiveAlertScreenProps = {
  userId: string;
  /** The newest alert the person has not ended. */
  detail: AlertDetail;
  /** How many more of their alerts are active (earlier ones: "I'm safe" on the newest ends them too). */
  otherActive: number;
  sharing: AlertSharingState;
  /** For the messaging-app text to the contacts the server did not reach. */
  fullName: string | null;
  /** For an alert the escort's deadline raised: where the person was going, when known. */
  escortDestination?: string | null;
  /** The emergency recording controls (composed by app/). */
  recording?: ReactNode;
};

/**
 * What the person sees from their SOS until they say they are safe, on every device they are signed in on
 * (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end): who is coming and what has happened so far (someone
 * answering shows at once), who was texted and how each text stands, whether their
 * position is shared, Call 911, and "I'm safe", which asks once, then ends the alert and has everyone it reached
 * told so.
 */
export function ActiveAlertScreen({
  userId,
  detail,
  otherActive,
  sharing,
  fullName,
  escortDestination = null,
  recording,
}: ActiveAlertScreenProps) {
  const titleId = useId();
  const contactsId = useId();
  const composerUrl = textThemYourselfUrl(detail, fullName);
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen replaces whatever was on screen: move the focus (and a screen reader) to it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <main
      aria-labelledby={titleId}
      data-testid="active-alert-screen"
      className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-4 px-4 pt-6 pb-10"
    >
      <section className="flex flex-col gap-2 rounded-2xl bg-primary p-5 text-primary-foreground shadow-lg">
        <div className="flex items-center gap-3">
          <Siren className="size-8 shrink-0 motion-safe:animate-pulse" aria-hidden />
          <h1 id={titleId} ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            {ACTIVE_ALERT_TEXTS.title}
          </h1>
        </div>
        <AlertCause triggerType={detail.alert.trigger_type} escortDestination={escortDestination} />
        <p className="text-base">{ACTIVE_ALERT_TEXTS.description}</p>
        <p className="text-sm">
          {ACTIVE_ALERT_TEXTS.raisedAt(formatClockTime(detail.alert.occurred_at))}
          {otherActive > 0 ? ` · ${ACTIVE_ALERT_TEXTS.otherActive(otherActive)}` : ''}
        </p>
      </section>

      <WhoIsComingPanel detail={detail} />

      <ImSafeControl userId={userId} alertId={detail.alert.id} />

      <CallEmergencyButton />

      {recording}

      <Card aria-labelledby={contactsId} className="flex flex-col gap-3 p-5">
        <CardTitle id={contactsId}>{ACTIVE_ALERT_TEXTS.contactsTitle}</CardTitle>
        <DeliveryList deliveries={detail.deliveries} />
        {composerUrl ? <TextContactsButton composerUrl={composerUrl} /> : null}
      </Card>

      <SharingNotice sharing={sharing} />

      {detail.alert.meeting ? <MeetingShared meeting={detail.alert.meeting} /> : null}
    </main>
  );
}

/**
 * Why the server raised the alert when the person did not press SOS: the escort's time ran out, or a check-in
 * was missed. Nothing for the SOS triggers, which the person raised themselves.
 */
function AlertCause({
  triggerType,
  escortDestination,
}: {
  triggerType: AlertDetail['alert']['trigger_type'];
  escortDestination: string | null;
}) {
  if (triggerType !== 'escort_expired' && triggerType !== 'checkin_missed') return null;
  const escort = triggerType === 'escort_expired';
  return (
    <div data-testid="alert-cause" className="flex flex-col gap-1 rounded-xl bg-black/15 p-3">
      <h2 className="text-lg font-bold">
        {escort ? JOURNEY_ALERT_CAUSE_TEXTS.escortTitle : JOURNEY_ALERT_CAUSE_TEXTS.checkInTitle}
      </h2>
      <p>{escort ? JOURNEY_ALERT_CAUSE_TEXTS.escortLine : JOURNEY_ALERT_CAUSE_TEXTS.checkInLine}</p>
      {escort && escortDestination ? (
        <p className="break-words">{JOURNEY_ALERT_CAUSE_TEXTS.escortDestination(escortDestination)}</p>
      ) : null}
    </div>
  );
}

/** The meeting under way went with the alert: who sees what of it (docs/PRODUCT.md#who-youre-meeting). */
function MeetingShared({ meeting }: { meeting: NonNullable<AlertDetail['alert']['meeting']> }) {
  const titleId = useId();
  return (
    <section
      data-testid="alert-meeting"
      aria-labelledby={titleId}
      className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info"
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={titleId} className="font-semibold">
          {ALERT_MEETING_TEXTS.sharedTitle}
        </h2>
        <p className="break-words text-foreground">
          {meeting.person || ALERT_MEETING_TEXTS.personDefault} ·{' '}
          {meeting.location || ALERT_MEETING_TEXTS.locationDefault} · {ALERT_MEETING_TEXTS.since}{' '}
          {formatClockTime(meeting.startAt)}
        </p>
        <p className="text-foreground">{ALERT_MEETING_TEXTS.sharedDescription}</p>
      </div>
    </section>
  );
}

const SHARING_TEXTS: Record<AlertSharingState, string> = {
  on: ACTIVE_ALERT_TEXTS.sharingOn,
  off: ACTIVE_ALERT_TEXTS.sharingOff,
  no_permission: ACTIVE_ALERT_TEXTS.sharingNoPermission,
  unknown: ACTIVE_ALERT_TEXTS.sharingUnknown,
};

function SharingNotice({ sharing }: { sharing: AlertSharingState }) {
  const on = sharing === 'on';
  const Icon = on ? MapPin : MapPinOff;
  const text = SHARING_TEXTS[sharing];
  return (
    <p
      data-testid="alert-sharing"
      data-sharing={sharing}
      className={cn(
        'flex items-start gap-2 rounded-xl p-3 text-sm font-medium',
        on ? 'bg-success-soft text-success' : 'bg-warning-soft text-warning',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}

/**
 * The messaging-app link for the contacts the server has not reached (failed, held back, kept in a dev outbox,
 * still retrying), with the alert's own words; null when every text went out.
 */
export function textThemYourselfUrl(detail: AlertDetail, fullName: string | null): string | null {
  const unsent = detail.deliveries
    .filter(
      (d) => d.purpose === 'alert' && d.channel === 'sms' && d.status !== 'sent' && d.status !== 'cancelled',
    )
    .map((d) => d.recipient);
  if (unsent.length === 0) return null;
  const { alert } = detail;
  const location =
    alert.location_lat !== null && alert.location_lng !== null
      ? {
          latitude: alert.location_lat,
          longitude: alert.location_lng,
          accuracy: alert.location_accuracy,
          address: alert.location_address,
        }
      : null;
  return buildSmsUrl(
    unsent,
    offlineSmsBody({
      fullName,
      triggerType: alert.trigger_type,
      message: alert.message,
      location,
      raisedAt: new Date(alert.occurred_at),
      meeting: alert.meeting,
    }),
  );
}
