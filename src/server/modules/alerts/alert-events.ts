import type { AlertAcknowledgement, AlertDelivery, AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { RespondResult } from '#shared/schemas/alert-respond';

/**
 * What the pipeline tells the rest of the server. `realtime-alert-events.ts` implements it with the realtime hub:
 * the person's and their active guardians' screens see the alert and each text's progress. Tests may pass their
 * own listener. Listeners must not throw or block: they run in the delivery job.
 */
/**
 * Who hears of an event: `everyone` (the person and their active guardians, the default), `owner` (the person's
 * own devices only: the duress PIN's "I'm safe") or `watchers` (their guardians only: the duress alert, and an
 * alert the duress PIN ended on the phone). docs/decisions/042-safety-pin-and-duress.md.
 */
export type AlertEventAudience = 'everyone' | 'owner' | 'watchers';

export type AlertEvents = {
  /**
   * An alert was written (its deliveries are pending). Not emitted for idempotent replays. `alert` is the alert as
   * read back after the commit, still being read when this is called (the raise does not wait for it); it rejects
   * if that read fails.
   */
  alertRaised(event: { userId: string; alert: Promise<AlertDetail>; audience?: AlertEventAudience }): void;
  /** The person ended the alert ("I'm safe"); emitted once, by the request that resolved it. */
  alertResolved(event: { userId: string; alert: AlertDetail; audience?: AlertEventAudience }): void;
  /** A delivery to a contact changed status (being sent, sent, scheduled for retry, failed). */
  deliveryChanged(event: {
    userId: string;
    alertId: string;
    delivery: AlertDelivery;
    audience?: AlertEventAudience;
  }): void;
  /** A guardian said "Seen" to a ward's alert (the first time): only that guardian's own devices hear of it. */
  alertSeen(event: { guardianId: string; acknowledgement: AlertAcknowledgement }): void;
  /**
   * A guardian's answer changed the alert: only that guardian's own devices hear whose answer it was (the others
   * read `alertProgress`, which names nobody's device).
   */
  guardianAnswered(event: { guardianId: string; answer: Omit<RespondResult, 'changed'> }): void;
  /**
   * A step of the alert's life was added to its timeline (a response, an escalation step, a call's outcome): the
   * person and their active guardians see who is coming and what Beacon is doing.
   */
  alertProgress(event: { userId: string; progress: AlertProgress; audience?: AlertEventAudience }): void;
};
