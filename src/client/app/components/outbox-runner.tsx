import { useEffect, useRef } from 'react';
import { importLegacyAlertQueue } from '../../features/sos/api/import-legacy-alert-queue';
import { useServerWatch } from '../../features/dashboard/hooks/server-watch-context';
import { createAlertOutboxKind } from '../../features/sos/api/alert-outbox';
import { useQueuedAlertReporter } from '../../features/sos/hooks/use-queued-alerts';
import { locationOutboxKind } from '../../features/tracking/api/location-outbox';
import { useDevice } from '../../lib/device/device-context';
import { deviceOutbox } from '../../lib/outbox/device-outbox';
import { useOutboxRunner } from '../../lib/outbox/use-outbox';
import { renewSessionForAlert, useAlertOutcomeNotifier } from '../hooks/use-app-sos-flow';
import { whenIdleAfterFirstPaint } from '../../lib/first-paint';

/**
 * Sends what the device outbox holds for the signed-in person (alerts first, then location readings, then
 * recordings) wherever
 * they are in the app: at start-up, when the connection returns, and when the retry rule says. Renders nothing.
 */
export function OutboxRunner({ userId }: { userId: string | null }) {
  const { network } = useDevice();
  const onOutcome = useAlertOutcomeNotifier();
  const { reportUnreachable } = useServerWatch();
  const reportQueuedAlert = useQueuedAlertReporter(userId ?? undefined, onOutcome, reportUnreachable);
  // The reporter changes identity with its host's renders; the registration must not.
  const latestReport = useRef(reportQueuedAlert);
  useEffect(() => {
    latestReport.current = reportQueuedAlert;
  });

  useEffect(() => {
    const stopAlerts = deviceOutbox.register(
      // Sent at once with the token the phone holds; a 401 renews the session and retries once (create-alert.ts).
      createAlertOutboxKind(renewSessionForAlert),
      (outcome) => latestReport.current(outcome),
    );
    const stopLocations = deviceOutbox.register(locationOutboxKind);
    // Recordings' code loads after the first screen; their pieces wait in IndexedDB until it has.
    let stopRecordings: (() => void) | null = null;
    let mounted = true;
    void whenIdleAfterFirstPaint(
      'standby',
      () => import('../../features/recording/api/recording-outbox'),
    ).then((recordings) => {
      if (mounted) stopRecordings = recordings.registerRecordingOutbox();
    });
    return () => {
      mounted = false;
      stopAlerts();
      stopLocations();
      stopRecordings?.();
    };
  }, []);

  useEffect(() => {
    if (userId) importLegacyAlertQueue(userId).catch((error: unknown) => console.warn(error));
  }, [userId]);

  useOutboxRunner(deviceOutbox, userId, network);
  return null;
}
