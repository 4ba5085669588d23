import { CloudOff, RefreshCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { COMMON_TEXTS, DELIVERY_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { useQueuedAlerts } from '../hooks/use-queued-alerts';
import { TextContactsButton } from './text-contacts-button';

type DeliveryStatusPanelProps = {
  userId: string | undefined;
  /** The messaging-app link to offer (the offline fallback). */
  composerUrl: string | null;
  onDismissComposer: () => void;
  /** Sends the queued alerts now. */
  onRetryQueued: () => Promise<void>;
};

/**
 * An SOS the server has not got yet: a queued alert waiting for a connection, and the messaging-app link of the
 * offline fallback. Once the server has the alert, the active-alert screen shows each contact's text instead.
 */
export function DeliveryStatusPanel({
  userId,
  composerUrl,
  onDismissComposer,
  onRetryQueued,
}: DeliveryStatusPanelProps) {
  const queued = useQueuedAlerts(userId);
  const [retrying, setRetrying] = useState(false);
  const titleId = useId();
  if (queued.length === 0 && !composerUrl) return null;

  const retry = (): void => {
    setRetrying(true);
    void onRetryQueued().finally(() => setRetrying(false));
  };

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5" data-testid="delivery-status-panel">
      <div className="flex items-start gap-2">
        <CardTitle id={titleId} className="flex-1">
          {queued.length > 0 ? DELIVERY_TEXTS.queuedTitle : DELIVERY_TEXTS.title}
        </CardTitle>
        {queued.length === 0 ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2"
            onClick={onDismissComposer}
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
            <span>{DELIVERY_TEXTS.queuedDescription}</span>
          </p>
          <Button variant="outline" size="sm" className="self-start" onClick={retry} disabled={retrying}>
            <RefreshCw className={retrying ? 'motion-safe:animate-spin' : undefined} aria-hidden />
            {retrying ? COMMON_TEXTS.loading : DELIVERY_TEXTS.sendNow}
          </Button>
        </div>
      ) : null}
      {composerUrl ? <TextContactsButton composerUrl={composerUrl} /> : null}
    </Card>
  );
}
