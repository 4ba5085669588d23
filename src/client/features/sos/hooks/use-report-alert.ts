import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../lib/toast';
import type { AlertDetail } from '#shared/schemas/alert';
import { ALERT_OUTCOME_TEXTS } from '#shared/ui-texts';
import { classifyAlert, type AlertOutcome } from '../utils/alert-outcome';
import { alertKeys } from '../api/alert-keys';
import { addActiveAlert } from '../api/get-active-alerts';

/** The toast for an alert the server answered (docs/PRODUCT.md#sos-and-alerts). */
export function showAlertOutcomeToast(detail: AlertDetail): void {
  const { successful, total } = detail.summary;
  const outcome = classifyAlert(detail);
  if (outcome === 'sent') {
    toast.success(ALERT_OUTCOME_TEXTS.sentTitle, { description: ALERT_OUTCOME_TEXTS.sentDescription(total) });
  } else if (outcome === 'partial') {
    toast.warning(ALERT_OUTCOME_TEXTS.partialTitle, {
      description: ALERT_OUTCOME_TEXTS.partialDescription(total - successful),
    });
  } else if (outcome === 'kept_in_dev_outbox') {
    toast.warning(ALERT_OUTCOME_TEXTS.keptTitle, { description: ALERT_OUTCOME_TEXTS.keptDescription });
  } else {
    toast.error(ALERT_OUTCOME_TEXTS.failedTitle, { description: ALERT_OUTCOME_TEXTS.failedDescription });
  }
}

/** Remembers the alert: an active one opens the active-alert screen at once (the app shell shows it). */
export function rememberAlert(queryClient: QueryClient, userId: string, detail: AlertDetail): void {
  queryClient.setQueryData(alertKeys.detail(detail.alert.id), detail);
  addActiveAlert(queryClient, userId, detail);
}

/** Toast, remember, and tell the host (which adds the in-app notification). */
export function useReportAlert(
  userId: string | undefined,
  onOutcome: ((outcome: AlertOutcome) => void) | undefined,
): (detail: AlertDetail, replayed: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (detail, replayed) => {
      showAlertOutcomeToast(detail);
      if (userId) rememberAlert(queryClient, userId, detail);
      onOutcome?.({ kind: classifyAlert(detail), detail, replayed });
    },
    [queryClient, userId, onOutcome],
  );
}
