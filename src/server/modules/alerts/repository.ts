import type { Alert, AlertDelivery, AlertDeliveryStatus } from '#shared/schemas/alert';
import { one, type Queryable } from '../../db/database';

export type AlertRow = {
  id: string;
  user_id: string;
  idempotency_key: string;
  trigger_type: string;
  message: string | null;
  notes: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_accuracy: number | null;
  location_address: string | null;
  recording_id: string | null;
  /** When the person raised it; earlier than `created_at` when a phone that was offline sends it later. */
  occurred_at: Date;
  created_at: Date;
};

export type DeliveryRow = {
  id: string;
  alert_id: string;
  channel: string;
  recipient: string;
  recipient_name: string | null;
  status: AlertDeliveryStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
};

const ALERT_COLUMNS =
  'id, user_id, idempotency_key, trigger_type, message, notes, location_lat, location_lng, location_accuracy, location_address, recording_id, occurred_at, created_at';
const DELIVERY_COLUMNS =
  'id, alert_id, channel, recipient, recipient_name, status, attempts, last_error, next_attempt_at, sent_at';

export type NewAlert = Omit<AlertRow, 'id'>;

/** Inserts the alert unless this person already has one with this key; returns it only when it is new. */
export function insertAlert(tx: Queryable, alert: NewAlert): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    tx,
    `INSERT INTO alerts (user_id, idempotency_key, trigger_type, message, notes, location_lat, location_lng,
                         location_accuracy, location_address, recording_id, occurred_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING
     RETURNING ${ALERT_COLUMNS}`,
    [
      alert.user_id,
      alert.idempotency_key,
      alert.trigger_type,
      alert.message,
      alert.notes,
      alert.location_lat,
      alert.location_lng,
      alert.location_accuracy,
      alert.location_address,
      alert.recording_id,
      alert.occurred_at,
      alert.created_at,
    ],
  );
}

export function findAlertByKey(db: Queryable, userId: string, key: string): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    db,
    `SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
}

export function findAlert(db: Queryable, userId: string, alertId: string): Promise<AlertRow | undefined> {
  return one<AlertRow>(db, `SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 AND id = $2`, [
    userId,
    alertId,
  ]);
}

export async function listAlerts(db: Queryable, userId: string, limit: number): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/**
 * The alerts a guardian may see: each ward's alerts created since `since` for that ward (the later of the
 * guardian's approval and the look-back window). Newest first, at most `limit`.
 */
export async function listAlertsOfWards(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
  limit: number,
): Promise<AlertRow[]> {
  if (wards.length === 0) return [];
  const { rows } = await db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM alerts a
     JOIN jsonb_to_recordset($1::jsonb) AS w(ward_id uuid, since timestamptz)
       ON w.ward_id = a.user_id AND a.created_at >= w.since
     ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    [JSON.stringify(wards.map((ward) => ({ ward_id: ward.wardId, since: ward.since.toISOString() }))), limit],
  );
  return rows;
}

export type NewDelivery = { recipient: string; recipientName: string | null; contactId: string | null };

/** One row per recipient, all pending and due now. A repeated recipient is stored once (unique index). */
export async function insertDeliveries(
  tx: Queryable,
  alertId: string,
  body: string,
  deliveries: readonly NewDelivery[],
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO alert_deliveries (alert_id, channel, recipient, recipient_name, contact_id, position, body,
                                   status, next_attempt_at, created_at, updated_at)
     SELECT $1, 'sms', d.recipient, d.recipient_name, d.contact_id, d.n, $2, 'pending', $6, $6, $6
     FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS d(recipient, recipient_name, contact_id, n)
     ON CONFLICT (alert_id, channel, recipient) DO NOTHING`,
    [
      alertId,
      body,
      deliveries.map((d) => d.recipient),
      deliveries.map((d) => d.recipientName),
      deliveries.map((d) => d.contactId),
      now,
    ],
  );
}

export async function listDeliveries(db: Queryable, alertIds: readonly string[]): Promise<DeliveryRow[]> {
  if (alertIds.length === 0) return [];
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries WHERE alert_id = ANY($1::uuid[]) ORDER BY position, id`,
    [alertIds],
  );
  return rows;
}

/** How many of an alert's deliveries still wait for their first attempt to finish. */
export async function countAwaitingFirstAttempt(db: Queryable, alertId: string): Promise<number> {
  const row = await one<{ waiting: number }>(
    db,
    `SELECT count(*)::int AS waiting FROM alert_deliveries
     WHERE alert_id = $1 AND (attempts = 0 OR (attempts = 1 AND status = 'sending'))`,
    [alertId],
  );
  return row?.waiting ?? 0;
}

export function findProfileName(db: Queryable, userId: string): Promise<{ full_name: string } | undefined> {
  return one<{ full_name: string }>(db, 'SELECT full_name FROM profiles WHERE id = $1', [userId]);
}

// --- The delivery worker's queries -------------------------------------------------------------------------

export type ClaimedDelivery = DeliveryRow & { body: string; user_id: string; first_attempt_at: Date };

/**
 * Claims up to `limit` due deliveries for one attempt: marks them `sending`, counts the attempt and leases them
 * until `leaseUntil`. `FOR UPDATE SKIP LOCKED` makes concurrent claimers (other instances) take disjoint rows; the
 * lease hands a row back if its claimer dies mid-send. Rows out of attempts are left to `failExhausted`.
 */
export async function claimDueDeliveries(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
  maxAttempts: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `UPDATE alert_deliveries d
     SET status = 'sending', attempts = d.attempts + 1, locked_until = $2, updated_at = $1,
         first_attempt_at = COALESCE(d.first_attempt_at, $1)
     FROM alerts a
     WHERE a.id = d.alert_id AND d.id IN (
       SELECT id FROM alert_deliveries
       WHERE status IN ('pending', 'sending') AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until < $1) AND attempts < $4
       ORDER BY next_attempt_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING d.id, d.alert_id, d.channel, d.recipient, d.recipient_name, d.status, d.attempts, d.last_error,
               d.next_attempt_at, d.sent_at, d.body, d.first_attempt_at, a.user_id`,
    [now, leaseUntil, limit, maxAttempts],
  );
  return rows;
}

/**
 * Ends deliveries whose every attempt was used up by claimers that never reported back (crashed mid-send each
 * time): without this a text that crashes the process would be retried forever.
 */
export async function failExhausted(
  db: Queryable,
  now: Date,
  maxAttempts: number,
  error: string,
): Promise<Array<DeliveryRow & { user_id: string }>> {
  const { rows } = await db.query<DeliveryRow & { user_id: string }>(
    `UPDATE alert_deliveries d
     SET status = 'failed', locked_until = NULL, updated_at = $1, last_error = COALESCE(d.last_error, $3)
     FROM alerts a
     WHERE a.id = d.alert_id AND d.status IN ('pending', 'sending') AND d.attempts >= $2
       AND (d.locked_until IS NULL OR d.locked_until < $1)
     RETURNING d.id, d.alert_id, d.channel, d.recipient, d.recipient_name, d.status, d.attempts, d.last_error,
               d.next_attempt_at, d.sent_at, a.user_id`,
    [now, maxAttempts, error],
  );
  return rows;
}

export type AttemptOutcome =
  | { status: 'sent'; providerMessageId: string | null }
  | { status: 'pending'; nextAttemptAt: Date; error: string }
  | { status: 'failed'; error: string };

/**
 * Records how an attempt went. Fenced by the attempt number: if our lease ran out and another claimer took the
 * row (attempts moved on), this stale result changes nothing and returns undefined.
 */
export function recordAttempt(
  db: Queryable,
  delivery: { id: string; attempts: number },
  outcome: AttemptOutcome,
  now: Date,
): Promise<DeliveryRow | undefined> {
  const fence = 'WHERE id = $1 AND status = $2 AND attempts = $3';
  const base = [delivery.id, 'sending', delivery.attempts, now];
  switch (outcome.status) {
    case 'sent':
      return one<DeliveryRow>(
        db,
        `UPDATE alert_deliveries SET status = 'sent', sent_at = $4, updated_at = $4, locked_until = NULL,
           provider_message_id = $5, last_error = NULL
         ${fence} RETURNING ${DELIVERY_COLUMNS}`,
        [...base, outcome.providerMessageId],
      );
    case 'pending':
      return one<DeliveryRow>(
        db,
        `UPDATE alert_deliveries SET status = 'pending', next_attempt_at = $5, last_error = $6, updated_at = $4,
           locked_until = NULL
         ${fence} RETURNING ${DELIVERY_COLUMNS}`,
        [...base, outcome.nextAttemptAt, outcome.error],
      );
    case 'failed':
      return one<DeliveryRow>(
        db,
        `UPDATE alert_deliveries SET status = 'failed', last_error = $5, updated_at = $4, locked_until = NULL
         ${fence} RETURNING ${DELIVERY_COLUMNS}`,
        [...base, outcome.error],
      );
  }
}

// --- Shapes the API answers ---------------------------------------------------------------------------------

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    trigger_type: row.trigger_type,
    message: row.message,
    notes: row.notes,
    location_lat: row.location_lat,
    location_lng: row.location_lng,
    location_accuracy: row.location_accuracy,
    location_address: row.location_address,
    recording_id: row.recording_id,
    occurred_at: row.occurred_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): AlertDelivery {
  const final = row.status === 'sent' || row.status === 'failed';
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    recipient_name: row.recipient_name,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: final ? null : row.next_attempt_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
  };
}
