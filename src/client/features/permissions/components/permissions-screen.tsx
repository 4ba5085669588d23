import { Bell, Camera, CheckCircle2, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { PERMISSIONS_TEXTS } from '#shared/onboarding-texts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { DevicePermission } from '../../../lib/device/permissions';
import { usePermissions, type PermissionItem } from '../hooks/use-permissions';

const ICONS: Record<DevicePermission, ReactNode> = {
  location: <MapPin aria-hidden />,
  notifications: <Bell aria-hidden />,
  camera: <Camera aria-hidden />,
};

/** Location and Push Notifications are required, Camera optional; Continue waits for the required ones. */
export function PermissionsScreen({ onContinue }: { onContinue: () => void }) {
  const { items, pending, request, allRequiredGranted } = usePermissions();
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
        <Button size="lg" onClick={onContinue} disabled={!allRequiredGranted}>
          {PERMISSIONS_TEXTS.continue}
        </Button>
        {allRequiredGranted ? null : (
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
  return (
    <Card className="flex items-center gap-4 p-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text [&_svg]:size-5">
        {ICONS[item.id]}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{item.title}</h2>
          <Badge tone={item.required ? 'danger' : 'neutral'}>
            {item.required ? PERMISSIONS_TEXTS.required : PERMISSIONS_TEXTS.optional}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">{item.description}</p>
      </div>
      {item.granted ? (
        <span className="flex items-center gap-1 text-sm font-medium text-success">
          <CheckCircle2 className="size-5" aria-hidden />
          {PERMISSIONS_TEXTS.granted}
        </span>
      ) : (
        <Button
          size="sm"
          onClick={onEnable}
          disabled={busy}
          aria-label={PERMISSIONS_TEXTS.enableItem(item.title)}
        >
          {PERMISSIONS_TEXTS.enable}
        </Button>
      )}
    </Card>
  );
}
