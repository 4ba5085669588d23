import { CloudOff, RefreshCw, TriangleAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { MESSAGING_APP_TEXTS, SAVED_ALERT_TEXTS, UNSENT_ALERT_TEXTS } from '#shared/sos-fallback-texts';
import { ALERT_OUTCOME_TEXTS, COMMON_TEXTS } from '#shared/ui-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import type { UnsentAlert } from '../hooks/unsent-alert-context';
import type { MessagingAppOffer } from '../utils/offline-sms';
import { TextContactsButton } from './text-contacts-button';

type SosFallbackPanelProps = {
  /** The messaging app for the newest alert waiting in the device outbox; undefined while none waits. */
  saved: MessagingAppOffer | undefined;
  /** The SOS Beacon did not send, with the messaging app for it. */
  unsent: { alert: UnsentAlert; offer: MessagingAppOffer } | undefined;
  onDismissUnsent: () => void;
  onRetryQueued: () => Promise<void>;
};

/**
 * What the person is told about an SOS the server has not taken, in place of toasts (docs/PRODUCT.md#offline-sos):
 * a saved one calmly (it is safe on the phone and goes out by itself), one Beacon did not send plainly, with the
 * server's reason. Both offer the messaging app with the contacts saved on this phone and the alert's words.
 */
export function SosFallbackPanel({ saved, unsent, onDismissUnsent, onRetryQueued }: SosFallbackPanelProps) {
  return (
    <>
      {saved ? <SavedAlertCard offer={saved} onRetryQueued={onRetryQueued} /> : null}
      {unsent ? (
        <UnsentAlertCard unsent={unsent.alert} offer={unsent.offer} onDismiss={onDismissUnsent} />
      ) : null}
    </>
  );
}

function SavedAlertCard({
  offer,
  onRetryQueued,
}: {
  offer: MessagingAppOffer;
  onRetryQueued: () => Promise<void>;
}) {
  const titleId = useId();
  const [retrying, setRetrying] = useState(false);
  const retry = (): void => {
    setRetrying(true);
    void onRetryQueued().finally(() => setRetrying(false));
  };
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5" data-testid="saved-alert-panel">
      <div role="status" className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-info-soft text-info">
          <CloudOff className="size-5" aria-hidden />
        </span>
        <div className="flex flex-col gap-1">
          <CardTitle id={titleId} className="text-base">
            {SAVED_ALERT_TEXTS.title}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{SAVED_ALERT_TEXTS.description}</p>
        </div>
      </div>
      <MessagingAppOfferView offer={offer} />
      <Button variant="outline" size="sm" className="self-start" onClick={retry} disabled={retrying}>
        <RefreshCw className={retrying ? 'motion-safe:animate-spin' : undefined} aria-hidden />
        {retrying ? COMMON_TEXTS.loading : SAVED_ALERT_TEXTS.sendNow}
      </Button>
    </Card>
  );
}

function UnsentAlertCard({
  unsent,
  offer,
  onDismiss,
}: {
  unsent: UnsentAlert;
  offer: MessagingAppOffer;
  onDismiss: () => void;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5" data-testid="unsent-alert-panel">
      <div className="flex items-start gap-3">
        <div role="alert" className="flex flex-1 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-text">
            <TriangleAlert className="size-5" aria-hidden />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle id={titleId} className="text-base">
              {ALERT_OUTCOME_TEXTS.errorTitle}
            </CardTitle>
            <p className="text-sm break-words">
              {unsent.reason === null
                ? UNSENT_ALERT_TEXTS.notSaved
                : UNSENT_ALERT_TEXTS.reason(unsent.reason)}
            </p>
            <p className="text-sm">{UNSENT_ALERT_TEXTS.whatNow}</p>
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-2 -mr-2"
          onClick={onDismiss}
          aria-label={UNSENT_ALERT_TEXTS.dismiss}
        >
          <X className="size-5" aria-hidden />
        </Button>
      </div>
      <MessagingAppOfferView offer={offer} />
    </Card>
  );
}

/** The messaging-app link, or why there is none; never a red error: the alert's state is said above it. */
function MessagingAppOfferView({ offer }: { offer: MessagingAppOffer }) {
  if (!offer.url)
    return <p className="text-sm text-muted-foreground">{MESSAGING_APP_TEXTS.noContactsSaved}</p>;
  return (
    <div className="flex flex-col gap-2">
      <TextContactsButton composerUrl={offer.url} />
      {offer.mayNotOpen ? (
        <p className="text-xs text-muted-foreground">{MESSAGING_APP_TEXTS.mayNotOpen}</p>
      ) : null}
    </div>
  );
}
