import { Bell, Camera, CheckCircle2, MapPin, Mic, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { PERMISSIONS_TEXTS } from '#shared/onboarding-texts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { DevicePermission, DevicePermissionState } from '../../../lib/device/permissions';
import { usePermissions, type PermissionItem } from '../hooks/use-permissions';

const ICONS: Record<DevicePermission, ReactNode> = {
  location: <MapPin aria-hidden />,
  notifications: <Bell aria-hidden />,
  camera: <Camera aria-hidden />,
  microphone: <Mic aria-hidden />,
  motion: <Smartphone aria-hidden />,
};

const STATE_BADGES: Record<
  Exclude<DevicePermissionState, 'granted' | 'not_needed'>,
  { label: string; tone: BadgeTone }
> = {
  prompt: { label: PERMISSIONS_TEXTS.notAsked, tone: 'warning' },
  denied: { label: PERMISSIONS_TEXTS.blocked, tone: 'danger' },
  unsupported: { label: PERMISSIONS_TEXTS.unsupported, tone: 'neutral' },
};

/**
 * What Beacon's features use — Location and Push Notifications (required), Camera, Microphone and Motion
 * Sensors (optional) — each with its real state. A refused permission cannot be asked again by the page, so the
 * screen says how to allow it in the browser's settings. Motion needs a question only on iOS (asked from the
 * tap); elsewhere the screen says it needs none, or that the browser has no motion sensor. Continue always lets
 * the person go on: an SOS works without any of them (docs/PRODUCT.md#screens-and-routes).
 */
export function PermissionsScreen({ onContinue }: { onContinue: () => void }) {
  const { items, pending, request, requiredGranted } = usePermissions();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-2xl font-bold">{PERMISSIONS_TEXTS.title}</h1>
        <p className="text-muted-foreground">{PERMISSIONS_TEXTS.description}</p>
      </header>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <PermissionRow item={item} busy={pending === item.id} onEnable={() => void request(item.id)} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <Button size="lg" onClick={onContinue}>
          {PERMISSIONS_TEXTS.continue}
        </Button>
        {requiredGranted ? null : (
          <p className="text-center text-sm text-muted-foreground">{PERMISSIONS_TEXTS.continueHint}</p>
        )}
      </div>
    </div>
  );
}

function PermissionRow({
  item,
  busy,
  onEnable,
}: {
  item: PermissionItem;
  busy: boolean;
  onEnable: () => void;
}) {
  const headingId = `permission-${item.id}`;
  return (
    <Card
      aria-labelledby={headingId}
      data-state={item.state ?? 'checking'}
      className="flex flex-col gap-3 p-4"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text [&_svg]:size-5">
          {ICONS[item.id]}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="font-semibold">
              {item.title}
            </h2>
            <span className="text-xs text-muted-foreground">
              {item.required ? PERMISSIONS_TEXTS.required : PERMISSIONS_TEXTS.optional}
            </span>
            {item.state && item.state !== 'granted' && item.state !== 'not_needed' ? (
              <Badge tone={STATE_BADGES[item.state].tone}>{STATE_BADGES[item.state].label}</Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">{item.description}</p>
        </div>
        {item.state === 'granted' || item.state === 'not_needed' ? (
          <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-success">
            <CheckCircle2 className="size-5" aria-hidden />
            {item.state === 'granted' ? PERMISSIONS_TEXTS.granted : PERMISSIONS_TEXTS.notNeeded}
          </span>
        ) : item.state === 'prompt' ? (
          <Button
            size="sm"
            onClick={onEnable}
            disabled={busy}
            aria-label={PERMISSIONS_TEXTS.enableItem(item.title)}
          >
            {PERMISSIONS_TEXTS.enable}
          </Button>
        ) : null}
      </div>
      {item.id === 'motion' && item.state === 'not_needed' ? (
        <p className="text-sm text-muted-foreground">{PERMISSIONS_TEXTS.notNeededHelp}</p>
      ) : null}
      {item.id === 'motion' && item.state === 'unsupported' ? (
        <p className="rounded-lg bg-muted p-3 text-sm" data-testid="no-motion-sensor">
          {PERMISSIONS_TEXTS.noMotionSensor}
        </p>
      ) : null}
      {item.state === 'denied' ? (
        <div
          className="flex flex-col gap-1 rounded-lg bg-muted p-3 text-sm"
          data-testid={`blocked-help-${item.id}`}
        >
          <p>{PERMISSIONS_TEXTS.blockedHelp(item.title)}</p>
          <p className="text-muted-foreground">{PERMISSIONS_TEXTS.blockedHelpPhone}</p>
        </div>
      ) : null}
    </Card>
  );
}
