import { useCallback } from 'react';
import type { AlertDetail } from '#shared/schemas/alert';
import { ALERT_OUTCOME_TEXTS } from '#shared/ui-texts';
import { useDevice } from '../../../lib/device/device-context';
import { errorDescription, notifyError } from '../../../lib/notify-error';
import { deviceOutbox } from '../../../lib/outbox/device-outbox';
import type { OutboxItem, OutboxOutcome } from '../../../lib/outbox/outbox-item';
import { useOutboxItems } from '../../../lib/outbox/use-outbox';
import { alertOutboxKind, type QueuedAlertPayload } from '../api/alert-outbox';
import { meansServerUnreachable } from '../api/create-alert';
import type { AlertOutcome } from '../utils/alert-outcome';
import { alertMessagingAppOffer, openMessagingApp } from '../utils/offline-sms';
import { useUnsentAlert } from './unsent-alert-context';
import { useReportAlert } from './use-report-alert';

/** This person's alerts waiting in the outbox, live (this tab and others). */
export function useQueuedAlerts(userId: string | undefined): readonly OutboxItem<QueuedAlertPayload>[] {
  return useOutboxItems(deviceOutbox, alertOutboxKind, userId);
}

/**
 * What the person is told when a queued alert has gone out (the usual outcome toast, and the in-app notification
 * through `onOutcome`) or was refused for good: then the SOS screens say Beacon did not send it and why, and a
 * toast says so on whichever screen the person is, with the messaging app as its button (the refusal may come
 * minutes after the SOS, so the app does not open unasked). Told once, by the tab that sent it. A send that
 * failed for want of the server is evidence for the server status (`onServerUnreachable`).
 */
export function useQueuedAlertReporter(
  userId: string | undefined,
  onOutcome: ((outcome: AlertOutcome) => void) | undefined,
  onServerUnreachable?: () => void,
): (outcome: OutboxOutcome<QueuedAlertPayload, AlertDetail>) => void {
  const report = useReportAlert(userId, onOutcome);
  const { markUnsent } = useUnsentAlert();
  const { sms } = useDevice();
  return useCallback(
    (outcome) => {
      if (outcome.status === 'sent') {
        report(outcome.result, true);
        return;
      }
      if (outcome.status === 'retrying') {
        if (meansServerUnreachable(outcome.error)) onServerUnreachable?.();
        return;
      }
      const fallback = ALERT_OUTCOME_TEXTS.errorDescription;
      const reason = errorDescription(outcome.error, { fallback });
      for (const item of outcome.items) {
        const unsent = { request: item.payload.request, raisedAt: new Date(item.createdAt), reason };
        markUnsent(unsent);
        const offer = userId ? alertMessagingAppOffer({ composer: sms, userId, ...unsent }) : null;
        notifyError(outcome.error, {
          fallback,
          title: ALERT_OUTCOME_TEXTS.replayRefusedTitle,
          ...(offer?.url && !offer.mayNotOpen
            ? {
                action: {
                  label: ALERT_OUTCOME_TEXTS.textContactsAction,
                  onClick: () => openMessagingApp(sms, offer),
                },
              }
            : {}),
        });
      }
      onOutcome?.({ kind: 'error', message: reason });
    },
    [report, onOutcome, onServerUnreachable, markUnsent, sms, userId],
  );
}
