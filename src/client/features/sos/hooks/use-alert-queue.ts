import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { ALERT_CLIENT } from '#shared/constants';
import { ALERT_OUTCOME_TEXTS } from '#shared/ui-texts';
import { errorMessage } from '../../../lib/api-client';
import { useDevice } from '../../../lib/device/device-context';
import { flushQueuedAlerts, readAlertQueue, subscribeAlertQueue } from '../api/alert-queue-store';
import { createAlert, isRetryableAlertError } from '../api/create-alert';
import type { AlertOutcome } from '../utils/alert-outcome';
import { replayRequest, type QueuedAlert } from '../utils/alert-queue';
import { useReportAlert } from './use-report-alert';

/** This person's queued alerts, live (this tab and others). */
export function useAlertQueue(userId: string | undefined): QueuedAlert[] {
  const getSnapshot = useCallback(() => readAlertQueue(userId), [userId]);
  return useSyncExternalStore(subscribeAlertQueue, getSnapshot, getSnapshot);
}

export type AlertQueueOptions = {
  userId: string | undefined;
  /** Runs before sending (the app refreshes a stale session, so a replay is not refused with 401). */
  beforeSend?: () => Promise<unknown>;
  onOutcome?: (outcome: AlertOutcome) => void;
};

/** Sends the queued alerts now (if online) and reports each result once. Stable across renders. */
export function useFlushAlertQueue({
  userId,
  beforeSend,
  onOutcome,
}: AlertQueueOptions): () => Promise<void> {
  const { network } = useDevice();
  const report = useReportAlert(userId, onOutcome);
  // Callbacks change identity on every render of the host; the flush must not, or its effects would re-run.
  const latest = useRef({ beforeSend, onOutcome, report });
  useEffect(() => {
    latest.current = { beforeSend, onOutcome, report };
  });

  return useCallback(async () => {
    if (!userId || !network.isOnline() || readAlertQueue(userId).length === 0) return;
    await latest.current.beforeSend?.().catch(() => undefined);
    const result = await flushQueuedAlerts(
      userId,
      (alert) => createAlert(replayRequest(alert, Date.now()), alert.idempotencyKey),
      (error) => (isRetryableAlertError(error) ? 'retry' : 'drop'),
    );
    if (!result) return;
    for (const { detail } of result.sent) latest.current.report(detail, true);
    for (const { error } of result.dropped) {
      const message = errorMessage(error, ALERT_OUTCOME_TEXTS.errorDescription);
      toast.error(ALERT_OUTCOME_TEXTS.errorTitle, { description: message });
      latest.current.onOutcome?.({ kind: 'error', message });
    }
  }, [userId, network]);
}

/**
 * Sends queued alerts when they can go: at start-up (the app was reopened), on the browser's online event, and
 * every ALERT_CLIENT.queueRetryMs while any wait and the browser says it is online (the server may have been the
 * problem). Mount once, for the signed-in person.
 */
export function useAlertQueueRunner(options: AlertQueueOptions): void {
  const { network } = useDevice();
  const flush = useFlushAlertQueue(options);
  const waiting = useAlertQueue(options.userId).length > 0;

  useEffect(() => {
    void flush();
  }, [flush]);

  useEffect(
    () =>
      network.subscribe((online) => {
        if (online) void flush();
      }),
    [network, flush],
  );

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), ALERT_CLIENT.queueRetryMs);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);
}
