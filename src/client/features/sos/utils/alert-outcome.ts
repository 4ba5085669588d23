import type { AlertDetail, AlertSummary } from '#shared/schemas/alert';

/** What an alert achieved (docs/PRODUCT.md#sos-and-alerts): all texted, some, or none. */
export type DeliveryOutcome = 'sent' | 'partial' | 'failed';

export function classifyAlert(summary: AlertSummary): DeliveryOutcome {
  if (summary.total > 0 && summary.successful >= summary.total) return 'sent';
  return summary.successful > 0 ? 'partial' : 'failed';
}

/** What happened to an SOS or quick message; the app turns it into an in-app notification. */
export type AlertOutcome =
  | { kind: DeliveryOutcome; detail: AlertDetail; replayed: boolean }
  /** No connection (or the server failed): the messaging app was offered and the alert queued. */
  | { kind: 'queued' }
  /** The server refused it (or a queued alert on replay); `message` says why. */
  | { kind: 'error'; message: string };

/** The numbers whose text has not gone out, for the "text them yourself" link. */
export function unsentRecipients(detail: AlertDetail): string[] {
  return detail.deliveries
    .filter((delivery) => delivery.status !== 'sent')
    .map((delivery) => delivery.recipient);
}
