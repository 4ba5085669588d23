/**
 * Responder links (migration 022): one per alert text to a contact, found by the hash of its code. A link is the
 * contact's way to answer the alert from the page their text links to (responder-page.ts).
 */
import { RESPONDER_LINK } from '#shared/constants';
import type { AlertResponseKind } from '#shared/alert-life';
import type { AlertTriggerType } from '#shared/schemas/alert';
import { one, type Queryable } from '../../db/database';
import { responderCode, responderCodeHash } from './responder-code';

/** A link with the alert it answers (the columns the page and the state need). */
export type ResponderLinkRow = {
  id: string;
  alert_id: string;
  recipient_phone: string;
  recipient_name: string;
  expires_at: Date;
  revoked_at: Date | null;
  user_id: string;
  trigger_type: AlertTriggerType;
  message: string | null;
  occurred_at: Date;
  resolved_at: Date | null;
  acknowledged_at: Date | null;
  escalation_round: number;
};

/**
 * Gives every text of the alert to a contact that has none yet its link (the code derived from the delivery id,
 * only its hash stored), expiring RESPONDER_LINK.ttlHours after the alert was first raised. Texts a limit held
 * back get theirs when they are planned again. Runs in the raising transaction; answers how many it made.
 */
export async function issueResponderLinks(
  tx: Queryable,
  key: string,
  alertId: string,
  unnamed: string,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: string; recipient: string; recipient_name: string | null }>(
    `SELECT d.id, d.recipient, d.recipient_name FROM alert_deliveries d
     LEFT JOIN alert_responder_links l ON l.delivery_id = d.id
     WHERE d.alert_id = $1 AND d.purpose = 'alert' AND d.channel = 'sms' AND d.held_reason IS NULL
       AND l.id IS NULL`,
    [alertId],
  );
  if (rows.length === 0) return 0;
  const inserted = await tx.query(
    `INSERT INTO alert_responder_links (code_hash, alert_id, delivery_id, recipient_phone, recipient_name,
                                        created_at, expires_at)
     SELECT l.code_hash, $1, l.delivery_id, l.recipient_phone, l.recipient_name, $2,
            a.created_at + make_interval(hours => $3)
     FROM jsonb_to_recordset($4::jsonb)
       AS l(code_hash text, delivery_id uuid, recipient_phone text, recipient_name text)
     JOIN alerts a ON a.id = $1
     ON CONFLICT (delivery_id) DO NOTHING`,
    [
      alertId,
      now,
      RESPONDER_LINK.ttlHours,
      JSON.stringify(
        rows.map((row) => ({
          code_hash: responderCodeHash(responderCode(key, row.id)),
          delivery_id: row.id,
          recipient_phone: row.recipient,
          recipient_name: row.recipient_name?.trim() || unnamed,
        })),
      ),
    ],
  );
  return inserted.rowCount;
}

/** Whether the text `deliveryId` carries a responder link (the delivery job adds its line when it sends). */
export async function hasResponderLink(db: Queryable, deliveryId: string): Promise<boolean> {
  return (
    (await one<{ id: string }>(db, 'SELECT id FROM alert_responder_links WHERE delivery_id = $1', [
      deliveryId,
    ])) !== undefined
  );
}

/** The link a code names, with its alert; undefined for a code nobody has. */
export function findResponderLink(db: Queryable, code: string): Promise<ResponderLinkRow | undefined> {
  return one<ResponderLinkRow>(
    db,
    `SELECT l.id, l.alert_id, l.recipient_phone, l.recipient_name, l.expires_at, l.revoked_at,
            a.user_id, a.trigger_type, a.message, a.occurred_at, a.resolved_at, a.acknowledged_at,
            a.escalation_round
     FROM alert_responder_links l JOIN alerts a ON a.id = l.alert_id
     WHERE l.code_hash = $1`,
    [responderCodeHash(code)],
  );
}

/**
 * Revokes every open responder link of the person's alerts (stopping all sharing): their codes then answer 410.
 * Not those of an alert still on: they close when the person says they are safe, which the safety PIN guards, so
 * one tap by whoever holds the phone cannot cut an SOS's helpers off. Answers how many it revoked.
 */
export async function revokeResponderLinksOf(db: Queryable, userId: string, now: Date): Promise<number> {
  const result = await db.query(
    `UPDATE alert_responder_links l SET revoked_at = $2
     FROM alerts a
     WHERE a.id = l.alert_id AND a.user_id = $1 AND l.revoked_at IS NULL AND l.expires_at > $2
       AND a.resolved_at IS NOT NULL AND a.resolved_at + make_interval(mins => $3) > $2`,
    [userId, now, RESPONDER_LINK.afterSafeMinutes],
  );
  return result.rowCount;
}

/** What the contact with this number last answered to the alert, if anything. */
export async function findContactResponse(
  db: Queryable,
  alertId: string,
  phone: string,
): Promise<AlertResponseKind | undefined> {
  const row = await one<{ response: AlertResponseKind }>(
    db,
    'SELECT response FROM alert_responses WHERE alert_id = $1 AND contact_phone = $2',
    [alertId, phone],
  );
  return row?.response;
}
