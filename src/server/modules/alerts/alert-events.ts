import type { AlertAcknowledgement, AlertDelivery, AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress } from '#shared/schemas/alert-life';

/**
 * What the pipeline tells the rest of the server. `realtime-alert-events.ts` implements it with the realtime hub:
 * the person's and their active guardians' screens see the alert and each text's progress. Tests may pass their
 * own listener. Listeners must not throw or block: they run in the delivery job.
 */
export type AlertEvents = {
  /** An alert was written (its deliveries are pending). Not emitted for idempotent replays. */
  alertRaised(event: { userId: string; alert: AlertDetail }): void;
  /** The person ended the alert ("I'm safe"); emitted once, by the request that resolved it. */
  alertResolved(event: { userId: string; alert: AlertDetail }): void;
  /** A delivery to a contact changed status (being sent, sent, scheduled for retry, failed). */
  deliveryChanged(event: { userId: string; alertId: string; delivery: AlertDelivery }): void;
  /** A guardian said "Seen" to a ward's alert (the first time): only that guardian's own devices hear of it. */
  alertSeen(event: { guardianId: string; acknowledgement: AlertAcknowledgement }): void;
  /**
   * A step of the alert's life was added to its timeline (a response, an escalation step, a call's outcome): the
   * person and their active guardians see who is coming and what Beacon is doing.
   */
  alertProgress(event: { userId: string; progress: AlertProgress }): void;
};
