import { lazy, Suspense, useEffect } from 'react';
import { useDevice } from '../../../lib/device/device-context';
import { useQueuedAlerts } from '../hooks/use-queued-alerts';
import { useUnsentAlert } from '../hooks/unsent-alert-context';
import { alertMessagingAppOffer } from '../utils/offline-sms';
import { whenIdleAfterFirstPaint } from '../../../lib/first-paint';

// Not part of the first download (README, "Bundle budget"), but fetched as soon as an SOS screen has shown, so it
// is in memory before an SOS can need it, even when the server is gone by then (the service worker also has it).
const loadSosFallbackPanel = () => import('./sos-fallback-panel');
const SosFallbackPanel = lazy(async () => ({ default: (await loadSosFallbackPanel()).SosFallbackPanel }));

type DeliveryStatusPanelProps = {
  userId: string;
  /** Sends the queued alerts now. */
  onRetryQueued: () => Promise<void>;
};

/**
 * An SOS the server has not got: one saved on the phone and waiting for the server, or one Beacon did not send
 * (refused), each with the messaging app. Once the server has the alert, the active-alert screen shows each
 * contact's text instead.
 */
export function DeliveryStatusPanel({ userId, onRetryQueued }: DeliveryStatusPanelProps) {
  useEffect(() => {
    void whenIdleAfterFirstPaint('warm', loadSosFallbackPanel);
  }, []);
  const { sms } = useDevice();
  const newestQueued = useQueuedAlerts(userId).at(-1);
  const { unsent, dismiss } = useUnsentAlert();
  if (!newestQueued && !unsent) return null;
  const saved =
    newestQueued &&
    alertMessagingAppOffer({
      composer: sms,
      userId,
      request: newestQueued.payload.request,
      raisedAt: new Date(newestQueued.createdAt),
    });
  const unsentOffer = unsent && alertMessagingAppOffer({ composer: sms, userId, ...unsent });
  return (
    <Suspense fallback={null}>
      <SosFallbackPanel
        saved={saved}
        unsent={unsent && unsentOffer ? { alert: unsent, offer: unsentOffer } : undefined}
        onDismissUnsent={dismiss}
        onRetryQueued={onRetryQueued}
      />
    </Suspense>
  );
}
