import type { CallOutcome } from '#shared/alert-life';
import { one, type Queryable } from '../../db/database';

/** A voice delivery (an escalation call) with what its callbacks need: the alert, its owner, the contact. */
export type VoiceDelivery = {
  id: string;
  alert_id: string;
  user_id: string;
  /** The number called: the contact's, as their texts and responses know it. */
  recipient: string;
  recipient_name: string | null;
  alert_resolved_at: Date | null;
};

/** The call with this delivery id, or undefined when there is none (or the delivery is not a call). */
export function findVoiceDelivery(db: Queryable, deliveryId: string): Promise<VoiceDelivery | undefined> {
  return one<VoiceDelivery>(
    db,
    `SELECT d.id, d.alert_id, a.user_id, d.recipient, d.recipient_name, a.resolved_at AS alert_resolved_at
     FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
     WHERE d.id = $1 AND d.channel = 'voice'`,
    [deliveryId],
  );
}

/**
 * Writes how the call ended, once: answers false when an outcome is already there (Twilio repeats a callback it
 * got no answer to, and a call placed twice for one delivery reports twice).
 */
export async function markCallOutcome(
  tx: Queryable,
  deliveryId: string,
  outcome: CallOutcome,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE alert_deliveries SET call_outcome = $2 WHERE id = $1 AND call_outcome IS NULL RETURNING id`,
    [deliveryId, outcome],
  );
  return rows.length > 0;
}
