import { ALERT_NOTIFICATION_TEXTS, ALERT_OUTCOME_TEXTS } from '#shared/ui-texts';
import type { AlertOutcome } from '../../features/sos/utils/alert-outcome';
import type { NewNotification } from '../../features/notifications/stores/notifications-store';

/**
 * The in-app notification for an alert's outcome. Here, in app/, because it joins two features (sos and
 * notifications) that must not import each other.
 */
export function alertOutcomeNotification(outcome: AlertOutcome): NewNotification {
  switch (outcome.kind) {
    case 'sent':
      return {
        type: 'success',
        title: ALERT_OUTCOME_TEXTS.sentTitle,
        message: ALERT_NOTIFICATION_TEXTS.sentMessage(outcome.detail.summary.total),
      };
    case 'partial':
      return {
        type: 'warning',
        title: ALERT_OUTCOME_TEXTS.partialTitle,
        message: ALERT_NOTIFICATION_TEXTS.partialMessage(
          outcome.detail.summary.successful,
          outcome.detail.summary.total,
        ),
      };
    case 'kept_in_dev_outbox':
      return {
        type: 'warning',
        title: ALERT_OUTCOME_TEXTS.keptTitle,
        message: ALERT_OUTCOME_TEXTS.keptDescription,
      };
    case 'failed':
      return {
        type: 'error',
        title: ALERT_OUTCOME_TEXTS.failedTitle,
        message: ALERT_NOTIFICATION_TEXTS.failedMessage,
      };
    case 'queued':
      return {
        type: 'warning',
        title: ALERT_OUTCOME_TEXTS.queuedTitle,
        message: ALERT_NOTIFICATION_TEXTS.queuedMessage,
      };
    case 'error':
      return { type: 'error', title: ALERT_OUTCOME_TEXTS.errorTitle, message: outcome.message };
  }
}
