import type { EscalationStep } from '#shared/alert-life';
import type { Queryable } from '../../db/database';

/** A contact the alert texted (its own text, not held back by a cap), in the order of the person's list. */
export type TextedContact = {
  recipient: string;
  recipient_name: string | null;
  contact_id: string | null;
  /** The alert's text as it was sent to them: the escalation text repeats it. */
  body: string;
};

/**
 * The numbers the alert's own text went to or was tried on: everyone the escalation texts again. A text a cap held
 * back is left out, so escalation never reaches a number the limits kept the alert from.
 */
export async function listTextedContacts(tx: Queryable, alertId: string): Promise<TextedContact[]> {
  const { rows } = await tx.query<TextedContact>(
    `SELECT recipient, recipient_name, contact_id, body FROM alert_deliveries
     WHERE alert_id = $1 AND purpose = 'alert' AND channel = 'sms' AND held_reason IS NULL
     ORDER BY position, id`,
    [alertId],
  );
  return rows;
}

/** Has this step of this round been taken for the alert (its timeline entry)? */
export async function stepTaken(
  tx: Queryable,
  alertId: string,
  step: { round: number; step: EscalationStep },
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM alert_timeline
     WHERE alert_id = $1 AND kind = 'escalated' AND escalation_step = $2 AND round = $3`,
    [alertId, step.step, step.round],
  );
  return rows.length > 0;
}

/** The alert is escalating in `round` (never back to an earlier round). */
export async function markEscalationRound(tx: Queryable, alertId: string, round: number): Promise<void> {
  await tx.query('UPDATE alerts SET escalation_round = GREATEST(escalation_round, $2) WHERE id = $1', [
    alertId,
    round,
  ]);
}
