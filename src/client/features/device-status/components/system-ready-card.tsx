import {
  AlertTriangle,
  Battery,
  BatteryLow,
  CheckCircle2,
  MapPin,
  MapPinOff,
  Wifi,
  WifiOff,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { LOW_BATTERY_PERCENT } from '#shared/constants';
import { SYSTEM_READY_TEXTS } from '#shared/ui-texts';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useDeviceStatus } from '../hooks/use-device-status';

/**
 * 'System Ready' with GPS, network and battery indicators (docs/PRODUCT.md#dashboard). `serverReachable: false`
 * (an online phone whose server fails its health check) says so instead of claiming the system is ready.
 */
export function SystemReadyCard({ serverReachable = true }: { serverReachable?: boolean }) {
  const { gpsActive, online, batteryPercent } = useDeviceStatus();
  const batteryLow = batteryPercent <= LOW_BATTERY_PERCENT;
  const serverDown = online && !serverReachable;
  return (
    <Card aria-labelledby="system-ready-title" className="p-5">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            serverDown ? 'bg-muted text-red-600 dark:text-red-400' : 'bg-success-soft text-success',
          )}
        >
          {serverDown ? (
            <AlertTriangle className="size-6" aria-hidden />
          ) : (
            <CheckCircle2 className="size-6" aria-hidden />
          )}
        </span>
        <div>
          <h2 id="system-ready-title" className="text-lg font-semibold">
            {serverDown ? SYSTEM_READY_TEXTS.serverUnreachableTitle : SYSTEM_READY_TEXTS.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {serverDown ? SYSTEM_READY_TEXTS.serverUnreachableDescription : SYSTEM_READY_TEXTS.description}
          </p>
        </div>
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-2">
        <Indicator
          testId="gps-status"
          ok={gpsActive}
          icon={gpsActive ? <MapPin aria-hidden /> : <MapPinOff aria-hidden />}
          label={gpsActive ? SYSTEM_READY_TEXTS.gpsActive : SYSTEM_READY_TEXTS.gpsOff}
        />
        <Indicator
          testId="network-status"
          ok={online && !serverDown}
          icon={online ? <Wifi aria-hidden /> : <WifiOff aria-hidden />}
          label={
            !online
              ? SYSTEM_READY_TEXTS.offline
              : serverDown
                ? SYSTEM_READY_TEXTS.serverUnreachable
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
            className={cn('[&_svg]:size-5', batteryLow ? 'text-red-600 dark:text-red-400' : 'text-success')}
          >
            {batteryLow ? <BatteryLow aria-hidden /> : <Battery aria-hidden />}
          </span>
          <span className="text-sm font-medium">
            <span className="sr-only">{SYSTEM_READY_TEXTS.battery} </span>
            {SYSTEM_READY_TEXTS.batteryLevel(batteryPercent)}
          </span>
        </li>
      </ul>
    </Card>
  );
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
