import type { AlertDetail } from '#shared/schemas/alert';

/**
 * What an alert achieved (docs/PRODUCT.md#sos-and-alerts): all texted, some, or none; or, on a development
 * server without an SMS provider, kept in its dev outbox (nobody was texted, and the phone must not say so).
 */
export type DeliveryOutcome = 'sent' | 'partial' | 'failed' | 'kept_in_dev_outbox';

export function classifyAlert({
  summary,
  deliveries,
}: Pick<AlertDetail, 'summary' | 'deliveries'>): DeliveryOutcome {
  if (summary.total > 0 && summary.successful >= summary.total) return 'sent';
  if (summary.successful > 0) return 'partial';
  return deliveries.some((delivery) => delivery.status === 'kept_in_dev_outbox')
    ? 'kept_in_dev_outbox'
    : 'failed';
}

/** What happened to an SOS or quick message; the app turns it into an in-app notification. */
export type AlertOutcome =
  | { kind: DeliveryOutcome; detail: AlertDetail; replayed: boolean }
  /** No connection (or the server failed): the messaging app was offered and the alert queued. */
  | { kind: 'queued' }
  /** The server refused it (or a queued alert on replay); `message` says why. */
  | { kind: 'error'; message: string };
