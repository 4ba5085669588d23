import {
  AlertTriangle,
  Battery,
  BatteryLow,
  CheckCircle2,
  Loader2,
  MapPin,
  MapPinOff,
  Wifi,
  WifiOff,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOW_BATTERY_PERCENT } from '#shared/constants';
import { READINESS_TEXTS, SYSTEM_READY_TEXTS } from '#shared/readiness-texts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { useDeviceStatus } from '../hooks/use-device-status';
import { assessReadiness, type NotificationsState, type ReadinessGap } from '../utils/readiness';

export type SystemReadyCardProps = {
  /**
   * What is known of Beacon's server (features/dashboard/utils/server-status.ts): `unreachable` while the phone is
   * online but the server does not answer; `checking` while that is being found out.
   */
  server?: 'reachable' | 'checking' | 'unreachable';
  /** How many contacts the person has; undefined while unknown. */
  contactCount: number | undefined;
  /** Opens the add-contact dialog. */
  onAddContact: () => void;
  /** This browser's notifications, and the one-tap way to turn them on (composed by the host). */
  notifications: { state: NotificationsState; busy: boolean; enable: () => void };
  /** More of this phone's truth under the indicators (AI Protection), composed by the host. */
  extra?: ReactNode;
};

/**
 * The readiness card (docs/PRODUCT.md#dashboard). It says "System Ready" only when an SOS can do its whole job:
 * contacts to text, location, notifications, a charged and connected phone. Otherwise it lists what is missing,
 * each with the one step that fixes it. A server that cannot be reached says "Server Unreachable" and "No Server"
 * instead; while that is being found out it says "Checking…", never "Connected" or "System Ready".
 */
export function SystemReadyCard({
  server = 'reachable',
  contactCount,
  onAddContact,
  notifications,
  extra,
}: SystemReadyCardProps) {
  const status = useDeviceStatus();
  const { gpsActive, online, batteryPercent } = status;
  const batteryLow = batteryPercent !== null && batteryPercent <= LOW_BATTERY_PERCENT;
  const serverDown = online && server === 'unreachable';
  const serverChecking = online && server === 'checking';
  const { gaps, unknown } = assessReadiness({
    contactCount,
    gpsActive,
    gpsChecking: status.gpsChecking,
    locationPermission: status.locationPermission,
    notifications: notifications.state,
    batteryPercent,
    online,
  });
  const state = serverDown
    ? 'server-down'
    : gaps.length > 0
      ? 'not-ready'
      : unknown || serverChecking
        ? 'checking'
        : 'ready';
  const heading = {
    'server-down': [
      SYSTEM_READY_TEXTS.serverUnreachableTitle,
      SYSTEM_READY_TEXTS.serverUnreachableDescription,
    ],
    'not-ready': [READINESS_TEXTS.notReadyTitle, READINESS_TEXTS.notReadyDescription(gaps.length)],
    checking: [READINESS_TEXTS.checking, null],
    ready: [SYSTEM_READY_TEXTS.title, SYSTEM_READY_TEXTS.description],
  }[state];
  const fix: FixActions = {
    addContact: onAddContact,
    allowLocation: () => void status.allowLocation(),
    allowNotifications: notifications.enable,
    notificationsBusy: notifications.busy,
  };
  return (
    <Card aria-labelledby="system-ready-title" data-state={state} data-testid="system-ready" className="p-5">
      <div className="flex items-center gap-3">
        <StateIcon state={state} />
        <div>
          <h2 id="system-ready-title" className="text-lg font-semibold">
            {heading[0]}
          </h2>
          {heading[1] ? <p className="text-sm text-muted-foreground">{heading[1]}</p> : null}
        </div>
      </div>
      {gaps.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-2" data-testid="readiness-gaps">
          {gaps.map((gap) => (
            <GapRow key={gap.id} gap={gap} fix={fix} />
          ))}
        </ul>
      ) : null}
      <ul className="mt-4 grid grid-cols-3 gap-2">
        <Indicator
          testId="gps-status"
          ok={gpsActive}
          icon={gpsActive ? <MapPin aria-hidden /> : <MapPinOff aria-hidden />}
          label={gpsActive ? SYSTEM_READY_TEXTS.gpsActive : SYSTEM_READY_TEXTS.gpsOff}
        />
        <Indicator
          testId="network-status"
          ok={online && server === 'reachable'}
          icon={online ? <Wifi aria-hidden /> : <WifiOff aria-hidden />}
          label={
            !online
              ? SYSTEM_READY_TEXTS.offline
              : serverDown
                ? SYSTEM_READY_TEXTS.serverUnreachable
                : serverChecking
                  ? READINESS_TEXTS.checking
                  : SYSTEM_READY_TEXTS.connected
          }
        />
        <li
          data-testid="battery-status"
          data-low={batteryLow}
          className="flex flex-col items-center gap-1 rounded-xl bg-muted p-3 text-center"
        >
          <span
            data-testid="battery-icon"
            className={cn(
              '[&_svg]:size-5',
              batteryLow
                ? 'text-red-600 dark:text-red-400'
                : batteryPercent === null
                  ? 'text-muted-foreground'
                  : 'text-success',
            )}
          >
            {batteryLow ? <BatteryLow aria-hidden /> : <Battery aria-hidden />}
          </span>
          <span className="text-sm font-medium">
            <span className="sr-only">{SYSTEM_READY_TEXTS.battery} </span>
            {batteryPercent === null
              ? READINESS_TEXTS.batteryUnknown
              : SYSTEM_READY_TEXTS.batteryLevel(batteryPercent)}
          </span>
        </li>
      </ul>
      {extra}
    </Card>
  );
}

type CardState = 'server-down' | 'not-ready' | 'checking' | 'ready';

function StateIcon({ state }: { state: CardState }) {
  const ok = state === 'ready';
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full',
        ok ? 'bg-success-soft text-success' : 'bg-muted',
        (state === 'server-down' || state === 'not-ready') && 'text-red-600 dark:text-red-400',
        state === 'checking' && 'text-muted-foreground',
      )}
    >
      {ok ? (
        <CheckCircle2 className="size-6" aria-hidden />
      ) : state === 'checking' ? (
        <Loader2 className="size-6 motion-safe:animate-spin" aria-hidden />
      ) : (
        <AlertTriangle className="size-6" aria-hidden />
      )}
    </span>
  );
}

type FixActions = {
  addContact: () => void;
  allowLocation: () => void;
  allowNotifications: () => void;
  notificationsBusy: boolean;
};

/** One missing piece: what it means, and the one step that fixes it (none for a flat battery or no signal). */
function GapRow({ gap, fix }: { gap: ReadinessGap; fix: FixActions }) {
  const [text, action] = gapContent(gap, fix);
  return (
    <li
      data-testid={`gap-${gap.id}`}
      className="flex flex-col gap-2 rounded-xl border border-amber-500/40 bg-amber-500/5 p-3 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">{text}</p>
      {action}
    </li>
  );
}

function gapContent(gap: ReadinessGap, fix: FixActions): [string, ReactNode] {
  const unblock = (label: string): ReactNode => (
    <Link to={paths.permissions} className={buttonClasses('outline', 'sm')}>
      {label}
    </Link>
  );
  switch (gap.id) {
    case 'contacts':
      return [
        READINESS_TEXTS.noContacts,
        <Button key="fix" size="sm" onClick={fix.addContact}>
          {READINESS_TEXTS.addContact}
        </Button>,
      ];
    case 'location':
      if (gap.state === 'denied')
        return [READINESS_TEXTS.locationBlocked, unblock(READINESS_TEXTS.unblockLocation)];
      if (gap.state === 'unsupported') return [READINESS_TEXTS.locationUnsupported, null];
      if (gap.state === 'no-fix')
        return [
          READINESS_TEXTS.noFix,
          <Button key="fix" size="sm" onClick={fix.allowLocation}>
            {READINESS_TEXTS.retryLocation}
          </Button>,
        ];
      return [
        READINESS_TEXTS.locationNotAllowed,
        <Button key="fix" size="sm" onClick={fix.allowLocation}>
          {READINESS_TEXTS.allowLocation}
        </Button>,
      ];
    case 'notifications':
      if (gap.state === 'denied')
        return [READINESS_TEXTS.notificationsBlocked, unblock(READINESS_TEXTS.unblockNotifications)];
      return [
        READINESS_TEXTS.notificationsOff,
        <Button key="fix" size="sm" onClick={fix.allowNotifications} disabled={fix.notificationsBusy}>
          {READINESS_TEXTS.allowNotifications}
        </Button>,
      ];
    case 'battery':
      return [READINESS_TEXTS.batteryLow(gap.percent), null];
    case 'offline':
      return [READINESS_TEXTS.offline, null];
  }
}

function Indicator({
  testId,
  ok,
  icon,
  label,
}: {
  testId: string;
  ok: boolean;
  icon: ReactNode;
  label: string;
}) {
  return (
    <li
      data-testid={testId}
      data-ok={ok}
      className="flex flex-col items-center gap-1 rounded-xl bg-muted p-3 text-center"
    >
      <span className={cn('[&_svg]:size-5', ok ? 'text-success' : 'text-muted-foreground')}>{icon}</span>
      <span className="text-sm font-medium">{label}</span>
    </li>
  );
}
