import type { ReactNode } from 'react';
import { BatteryWarning, Clock, Navigation, SignalZero } from 'lucide-react';
import { JOURNEY_GUARDIAN_TEXTS } from '#shared/journey-guardian-texts';
import type { CheckIn, EscortSession, JourneyWarning } from '#shared/schemas/journey';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCountdown, secondsUntil } from '../../../lib/journey-format';
import { formatClockTime, formatDayTime } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { journeyWarningNotice, lastPositionLine } from '../utils/journey-warning';
import type { WardJourneys } from '../utils/ward-journeys';

/** A ward's open escort and check-in, and the warnings the server sent about them (docs/PRODUCT.md#guardians). */
export function WardJourneysSection({ name, journeys }: { name: string; journeys: WardJourneys }) {
  const { escort, checkin, warnings } = journeys;
  if (!escort && !checkin && warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="ward-journeys">
      {warnings.map((warning) => (
        <WarningBox key={`${warning.journey_id}-${warning.kind}`} name={name} warning={warning} />
      ))}
      {escort ? <EscortBox escort={escort} /> : null}
      {checkin ? <CheckInBox checkin={checkin} /> : null}
    </div>
  );
}

function JourneyBox({
  icon: Icon,
  danger,
  testId,
  children,
}: {
  icon: typeof Navigation;
  danger: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3 text-sm',
        danger ? 'border-destructive/40 bg-primary-soft' : 'border-info/40 bg-info-soft',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', danger ? 'text-primary-text' : 'text-info')}
        aria-hidden
      />
      <div className="flex min-w-0 flex-col gap-0.5">{children}</div>
    </div>
  );
}

function EscortBox({ escort }: { escort: EscortSession }) {
  const now = useNow(1000);
  const seconds = secondsUntil(escort.deadline_at, now);
  const expired = escort.status === 'expired';
  return (
    <JourneyBox icon={Navigation} danger={expired} testId="ward-escort">
      <span className="font-semibold">{JOURNEY_GUARDIAN_TEXTS.escortTitle}</span>
      <span className="break-words">{JOURNEY_GUARDIAN_TEXTS.destination(escort.destination_address)}</span>
      <span className="flex flex-wrap gap-x-2">
        <time dateTime={escort.deadline_at}>
          {JOURNEY_GUARDIAN_TEXTS.deadline(formatClockTime(escort.deadline_at))}
        </time>
        {!expired ? (
          <span className="font-mono tabular-nums" data-testid="ward-escort-countdown">
            {seconds > 0
              ? JOURNEY_GUARDIAN_TEXTS.timeLeft(formatCountdown(seconds))
              : JOURNEY_GUARDIAN_TEXTS.deadlinePassed}
          </span>
        ) : null}
      </span>
      {expired ? (
        <span className="font-semibold text-primary-text">
          {escort.alert_id
            ? JOURNEY_GUARDIAN_TEXTS.escortExpired
            : JOURNEY_GUARDIAN_TEXTS.escortExpiredNoAlert}
        </span>
      ) : null}
      <span className="text-muted-foreground">{JOURNEY_GUARDIAN_TEXTS.routePoints(escort.route.length)}</span>
    </JourneyBox>
  );
}

function CheckInBox({ checkin }: { checkin: CheckIn }) {
  const missed = checkin.status === 'missed';
  return (
    <JourneyBox icon={Clock} danger={missed} testId="ward-checkin">
      <span className="font-semibold">{JOURNEY_GUARDIAN_TEXTS.checkInTitle}</span>
      {missed ? (
        <span className="font-semibold text-primary-text">
          {checkin.alert_id
            ? JOURNEY_GUARDIAN_TEXTS.checkInMissed
            : JOURNEY_GUARDIAN_TEXTS.checkInMissedNoAlert}
        </span>
      ) : (
        <time dateTime={checkin.next_due_at}>
          {JOURNEY_GUARDIAN_TEXTS.nextCheckIn(formatDayTime(checkin.next_due_at))}
        </time>
      )}
    </JourneyBox>
  );
}

function WarningBox({ name, warning }: { name: string; warning: JourneyWarning }) {
  const { title } = journeyWarningNotice(warning, name);
  return (
    <JourneyBox
      icon={warning.kind === 'silence' ? SignalZero : BatteryWarning}
      danger
      testId="ward-journey-warning"
    >
      <span className="font-semibold text-primary-text">{title}</span>
      <span>{lastPositionLine(warning)}</span>
      {warning.battery !== null ? (
        <Badge tone="danger" className="self-start">
          {JOURNEY_GUARDIAN_TEXTS.battery(warning.battery)}
        </Badge>
      ) : null}
    </JourneyBox>
  );
}
