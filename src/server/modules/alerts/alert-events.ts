import type { AlertDelivery, AlertDetail } from '#shared/schemas/alert';

/**
 * What the pipeline tells the rest of the server. The realtime hub (next issue) implements it to push alerts and
 * delivery statuses to the person and their guardians; until then it is a no-op. Listeners must not throw or
 * block: they run in the delivery worker.
 */
export type AlertEvents = {
  /** An alert was written (its deliveries are pending). Not emitted for idempotent replays. */
  alertRaised(event: { userId: string; alert: AlertDetail }): void;
  /** A delivery changed status (claimed, sent, scheduled for retry, failed). */
  deliveryChanged(event: { userId: string; alertId: string; delivery: AlertDelivery }): void;
};

export const noAlertEvents: AlertEvents = {
  alertRaised: () => undefined,
  deliveryChanged: () => undefined,
};
