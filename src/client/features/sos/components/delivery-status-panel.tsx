import { CloudOff, MessageSquare, RefreshCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { AlertDelivery, AlertDeliveryStatus } from '#shared/schemas/alert';
import { COMMON_TEXTS, DELIVERY_TEXTS, OFFLINE_SMS_TEXTS } from '#shared/ui-texts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { useAlertDetail } from '../api/get-alert';
import { useQueuedAlerts } from '../hooks/use-queued-alerts';
import { useLatestAlertId } from '../hooks/use-latest-alert';
import { PhoneNumber } from '../../../components/phone-number';

const TONES: Record<AlertDeliveryStatus, BadgeTone> = {
  sent: 'success',
  sending: 'info',
  pending: 'warning',
  failed: 'danger',
  kept_in_dev_outbox: 'warning',
};

type DeliveryStatusPanelProps = {
  userId: string | undefined;
  /** The messaging-app link to offer (offline fallback, or the numbers not texted). */
  composerUrl: string | null;
  onDismissComposer: () => void;
  /** Sends the queued alerts now. */
  onRetryQueued: () => Promise<void>;
};

/**
 * Who got the text: each contact of the latest alert with its delivery status, live while the server is still
 * trying; a queued alert waiting for a connection; and the messaging-app link when texts did not all go out.
 */
export function DeliveryStatusPanel({
  userId,
  composerUrl,
  onDismissComposer,
  onRetryQueued,
}: DeliveryStatusPanelProps) {
  const { alertId, dismiss } = useLatestAlertId(userId);
  const detail = useAlertDetail(alertId).data;
  const queued = useQueuedAlerts(userId);
  const [retrying, setRetrying] = useState(false);
  const titleId = useId();
  if (!detail && queued.length === 0 && !composerUrl) return null;

  const retry = (): void => {
    setRetrying(true);
    void onRetryQueued().finally(() => setRetrying(false));
  };
  const close = (): void => {
    dismiss();
    onDismissComposer();
  };

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5" data-testid="delivery-status-panel">
      <div className="flex items-start gap-2">
        <CardTitle id={titleId} className="flex-1">
          {queued.length > 0 && !detail ? DELIVERY_TEXTS.queuedTitle : DELIVERY_TEXTS.title}
        </CardTitle>
        {queued.length === 0 ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2"
            onClick={close}
            aria-label={DELIVERY_TEXTS.dismiss}
          >
            <X className="size-5" aria-hidden />
          </Button>
        ) : null}
      </div>
      {queued.length > 0 ? (
        <div className="flex flex-col gap-3 rounded-xl bg-warning-soft p-3 text-warning" role="status">
          <p className="flex items-start gap-2 text-sm font-medium">
            <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {detail ? <strong className="block">{DELIVERY_TEXTS.queuedTitle}</strong> : null}
              {DELIVERY_TEXTS.queuedDescription}
            </span>
          </p>
          <Button variant="outline" size="sm" className="self-start" onClick={retry} disabled={retrying}>
            <RefreshCw className={retrying ? 'motion-safe:animate-spin' : undefined} aria-hidden />
            {retrying ? COMMON_TEXTS.loading : DELIVERY_TEXTS.sendNow}
          </Button>
        </div>
      ) : null}
      {detail ? (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {detail.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : null}
      {composerUrl ? (
        <Button asChild variant="secondary" className="w-full">
          <a href={composerUrl}>
            <MessageSquare aria-hidden />
            {OFFLINE_SMS_TEXTS.textContacts}
          </a>
        </Button>
      ) : null}
    </Card>
  );
}

/**
 * A contact's row. A text a cap held back says so, and why in the server's words (its `last_error`, from
 * HELD_TEXT_REASONS); the messaging-app link below lets the person text that contact themselves.
 */
function DeliveryRow({ delivery }: { delivery: AlertDelivery }) {
  const held = delivery.held_reason;
  return (
    <li
      className="flex items-center gap-3 rounded-xl border p-3"
      data-testid="delivery-row"
      data-status={delivery.status}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">
          {delivery.recipient_name ?? DELIVERY_TEXTS.unknownRecipient}
        </span>
        <span className="truncate text-sm text-muted-foreground tabular-nums">
          <PhoneNumber value={delivery.recipient} />
        </span>
        {held ? <span className="text-sm text-warning">{delivery.last_error}</span> : null}
      </div>
      <Badge tone={held ? 'warning' : TONES[delivery.status]}>
        {held ? DELIVERY_TEXTS.heldBack : DELIVERY_TEXTS.status[delivery.status]}
      </Badge>
    </li>
  );
}
