import { useCallback } from 'react';
import { toast } from 'sonner';
import type { AlertDetail } from '#shared/schemas/alert';
import { ALERT_OUTCOME_TEXTS } from '#shared/ui-texts';
import { errorMessage } from '../../../lib/api-client';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import type { OutboxItem, OutboxOutcome } from '../../../lib/outbox/outbox-item';
import { useOutboxItems } from '../../../lib/outbox/use-outbox';
import { alertOutboxKind, type QueuedAlertPayload } from '../api/alert-outbox';
import type { AlertOutcome } from '../utils/alert-outcome';
import { useReportAlert } from './use-report-alert';

/** This person's alerts waiting in the outbox, live (this tab and others). */
export function useQueuedAlerts(userId: string | undefined): readonly OutboxItem<QueuedAlertPayload>[] {
  return useOutboxItems(deviceOutbox, alertOutboxKind, userId);
}

/**
 * What the person is told when a queued alert has gone out (the usual outcome toast, and the in-app notification
 * through `onOutcome`) or was refused for good. Told once, by the tab that sent it.
 */
export function useQueuedAlertReporter(
  userId: string | undefined,
  onOutcome: ((outcome: AlertOutcome) => void) | undefined,
): (outcome: OutboxOutcome<QueuedAlertPayload, AlertDetail>) => void {
  const report = useReportAlert(userId, onOutcome);
  return useCallback(
    (outcome) => {
      if (outcome.status === 'sent') {
        report(outcome.result, true);
      } else if (outcome.status === 'dropped') {
        const message = errorMessage(outcome.error, ALERT_OUTCOME_TEXTS.errorDescription);
        toast.error(ALERT_OUTCOME_TEXTS.errorTitle, { description: message });
        onOutcome?.({ kind: 'error', message });
      }
    },
    [report, onOutcome],
  );
}
