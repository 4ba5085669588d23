import { useEffect, useRef } from 'react';
import { importLegacyAlertQueue } from '../../features/sos/api/import-legacy-alert-queue';
import { alertOutboxKind } from '../../features/sos/api/alert-outbox';
import { useQueuedAlertReporter } from '../../features/sos/hooks/use-queued-alerts';
import { locationOutboxKind } from '../../features/tracking/api/location-outbox';
import { useDevice } from '../../lib/device/device-context';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { useOutboxRunner } from '../../lib/outbox/use-outbox';
import { refreshBeforeAlert, useAlertOutcomeNotifier } from '../hooks/use-app-sos-flow';

/**
 * Sends what the device outbox holds for the signed-in person (alerts first, then location readings) wherever
 * they are in the app: at start-up, when the connection returns, and when the retry rule says. Renders nothing.
 */
export function OutboxRunner({ userId }: { userId: string | null }) {
  const { network } = useDevice();
  const onOutcome = useAlertOutcomeNotifier();
  const reportQueuedAlert = useQueuedAlertReporter(userId ?? undefined, onOutcome);
  // The reporter changes identity with its host's renders; the registration must not.
  const latestReport = useRef(reportQueuedAlert);
  useEffect(() => {
    latestReport.current = reportQueuedAlert;
  });

  useEffect(() => {
    const stopAlerts = deviceOutbox.register(
      // A stale access token is refreshed first, so the alert is not refused (and the person signed out) with 401.
      { ...alertOutboxKind, beforeSend: refreshBeforeAlert },
      (outcome) => latestReport.current(outcome),
    );
    const stopLocations = deviceOutbox.register(locationOutboxKind);
    return () => {
      stopAlerts();
      stopLocations();
    };
  }, []);

  useEffect(() => {
    if (userId) importLegacyAlertQueue(userId).catch((error: unknown) => console.warn(error));
  }, [userId]);

  useOutboxRunner(deviceOutbox, userId, network);
  return null;
}
