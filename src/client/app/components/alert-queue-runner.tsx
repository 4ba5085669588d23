import { useAlertQueueRunner } from '../../features/sos/hooks/use-alert-queue';
import { refreshBeforeAlert, useAlertOutcomeNotifier } from '../hooks/use-app-sos-flow';

/**
 * Sends alerts queued while offline, for the signed-in person, wherever they are in the app: at start-up, when
 * the connection returns, and periodically while any wait. Renders nothing.
 */
export function AlertQueueRunner({ userId }: { userId: string | null }) {
  const onOutcome = useAlertOutcomeNotifier();
  useAlertQueueRunner({ userId: userId ?? undefined, beforeSend: refreshBeforeAlert, onOutcome });
  return null;
}
