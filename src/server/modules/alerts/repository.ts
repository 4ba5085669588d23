import type {
  Alert,
  AlertDelivery,
  AlertLocationSource,
  AlertDeliveryStatus,
  AlertStatus,
  AlertTriggerType,
  DeliveryChannel,
  DeliveryPurpose,
  HeldReason,
} from '#shared/schemas/alert';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import { one, type Queryable } from '../../db/database';
import { alertStateOf } from './alert-state';

export type AlertRow = {
  id: string;
  user_id: string;
  idempotency_key: string;
  /** What the request asked for (request-hash.ts); null for alerts stored before it was kept. */
  request_hash: string | null;
  trigger_type: AlertTriggerType;
  message: string | null;
  notes: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_accuracy: number | null;
  location_address: string | null;
  location_source: AlertLocationSource | null;
  /** When a last-known position was taken (null for the phone's own position or none). */
  location_recorded_at: Date | null;
  recording_id: string | null;
  /** When the person raised it; earlier than `created_at` when a phone that was offline sends it later. */
  occurred_at: Date;
  created_at: Date;
  /** When the person said they were safe; null while the alert is active. */
  resolved_at: Date | null;
  /** When someone first answered it (alert-state.ts); null until then. */
  acknowledged_at: Date | null;
  /** The escalation round under way; 0 before any. */
  escalation_round: number;
  /**
   * When the duress PIN "ended" it on the person's own phone (duress.ts): their own reads show it resolved then,
   * while it stays active for everyone else. Null otherwise.
   */
  concealed_at: Date | null;
};

export type DeliveryRow = {
  id: string;
  alert_id: string;
  purpose: DeliveryPurpose;
  channel: DeliveryChannel;
  recipient: string;
  recipient_name: string | null;
  status: AlertDeliveryStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
  held_reason: HeldReason | null;
};

const ALERT_COLUMNS =
  'id, user_id, idempotency_key, request_hash, trigger_type, message, notes, location_lat, location_lng, location_accuracy, location_address, location_source, location_recorded_at, recording_id, occurred_at, created_at, resolved_at, acknowledged_at, escalation_round, concealed_at';
const DELIVERY_COLUMNS =
  'id, alert_id, purpose, channel, recipient, recipient_name, status, attempts, last_error, next_attempt_at, sent_at, held_reason';

/** The person's own reads never see the duress alert (duress.ts). */
const NOT_DURESS = "AND trigger_type <> 'duress'";
/** An alert the person's phone sees as it is: neither the duress alert nor one the duress PIN ended there. */
const SHOWN_TO_OWNER = "trigger_type <> 'duress' AND concealed_at IS NULL";
/**
 * A drill ("Test my safety network", drill-raise.ts) is no emergency: an SOS never joins it, "I'm safe" never ends
 * it, the person's alert lists (and so their active-alert screen) never show it, and the SMS limits never count it.
 */
const NOT_DRILL = "AND trigger_type <> 'drill'";

export type NewAlert = Omit<
  AlertRow,
  'id' | 'resolved_at' | 'acknowledged_at' | 'escalation_round' | 'concealed_at'
>;

/** Inserts the alert unless this person already has one with this key; returns it only when it is new. */
export function insertAlert(tx: Queryable, alert: NewAlert): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    tx,
    `INSERT INTO alerts (user_id, idempotency_key, trigger_type, message, notes, location_lat, location_lng,
                         location_accuracy, location_address, recording_id, occurred_at, created_at,
                         location_source, location_recorded_at, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
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
      alert.location_source,
      alert.location_recorded_at,
      alert.request_hash,
    ],
  );
}

/** What the SMS budget needs to know of the person (sms-caps.ts). */
export type AccountStanding = { email_confirmed_at: Date | null; created_at: Date };

/**
 * Locks the person's row until the transaction ends, so their SOS requests are handled one after another (a second
 * one finds the first and joins it), and reads how established the account is. Undefined when there is no such
 * person. `FOR NO KEY UPDATE` does not block the person's other writes (rows that reference them).
 */
export function lockPerson(tx: Queryable, userId: string): Promise<AccountStanding | undefined> {
  return one<AccountStanding>(
    tx,
    'SELECT email_confirmed_at, created_at FROM users WHERE id = $1 FOR NO KEY UPDATE',
    [userId],
  );
}

/**
 * The person's alert an SOS raised at `raisedAt` belongs to: the newest they have not ended, or else the one that
 * was open at `raisedAt` (a queued SOS sent after "I'm safe" ended the alert it was pressed during).
 */
export function findOpenAlert(db: Queryable, userId: string, raisedAt: Date): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    db,
    `SELECT ${ALERT_COLUMNS} FROM alerts
     WHERE user_id = $1 AND ${SHOWN_TO_OWNER} ${NOT_DRILL}
       AND (resolved_at IS NULL OR (created_at <= $2 AND resolved_at > $2))
     ORDER BY resolved_at IS NULL DESC, created_at DESC, id DESC LIMIT 1`,
    [userId, raisedAt],
  );
}

/** How many alerts of the person, other than `alertId`, were created at or after `since`. */
export async function countOtherAlertsSince(
  db: Queryable,
  userId: string,
  since: Date,
  alertId: string,
): Promise<number> {
  const row = await one<{ count: number }>(
    db,
    `SELECT count(*)::int AS count FROM alerts WHERE user_id = $1 AND created_at >= $2 AND id <> $3 ${NOT_DRILL}`,
    [userId, since, alertId],
  );
  return row?.count ?? 0;
}

export function findAlertByKey(db: Queryable, userId: string, key: string): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    db,
    `SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );
}

/** Whose alert it is and when it was made, for the access policy; undefined when there is no such alert. */
export async function findAlertStamp(
  db: Queryable,
  alertId: string,
): Promise<{ ownerId: string; createdAt: Date } | undefined> {
  const row = await one<{ user_id: string; created_at: Date }>(
    db,
    'SELECT user_id, created_at FROM alerts WHERE id = $1',
    [alertId],
  );
  return row && { ownerId: row.user_id, createdAt: row.created_at };
}

/**
 * What the recordings module needs of an alert (its port): whose it is, whether it ended, and the recording the
 * phone raised it with. Undefined when there is no such alert.
 */
export async function findAlertFacts(
  db: Queryable,
  alertId: string,
): Promise<{ userId: string; resolvedAt: Date | null; recordingClientId: string | null } | undefined> {
  const row = await one<{ user_id: string; resolved_at: Date | null; recording_id: string | null }>(
    db,
    'SELECT user_id, resolved_at, recording_id FROM alerts WHERE id = $1',
    [alertId],
  );
  return row && { userId: row.user_id, resolvedAt: row.resolved_at, recordingClientId: row.recording_id };
}

/** One of the person's alerts as their own reads find it: never the duress alert (duress.ts). */
export function findAlert(db: Queryable, userId: string, alertId: string): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    db,
    `SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 AND id = $2 ${NOT_DURESS}`,
    [userId, alertId],
  );
}

/**
 * "I'm safe": marks resolved at `at` the person's alert `alertId` and every earlier alert of theirs still open
 * (the person is safe, not just one of their alerts). Nothing when `alertId` is already resolved or not theirs (the
 * first "I'm safe" counts). Returns the rows this call resolved, newest first.
 */
export async function resolveAlerts(
  db: Queryable,
  userId: string,
  alertId: string,
  at: Date,
): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `UPDATE alerts SET resolved_at = $3
     WHERE user_id = $1 AND resolved_at IS NULL ${NOT_DRILL}
       AND EXISTS (SELECT 1 FROM alerts target WHERE target.id = $2 AND target.user_id = $1
                   AND target.resolved_at IS NULL AND target.trigger_type <> 'drill'
                   AND alerts.created_at <= target.created_at)
     RETURNING ${ALERT_COLUMNS}`,
    [userId, alertId, at],
  );
  return rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1));
}

export async function listAlerts(
  db: Queryable,
  userId: string,
  limit: number,
  status?: AlertStatus,
): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM alerts
     WHERE user_id = $1 ${NOT_DURESS} ${NOT_DRILL}
       AND ($3::text IS NULL OR ($3::text = 'active') = (resolved_at IS NULL AND concealed_at IS NULL))
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit, status ?? null],
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

export type NewDelivery = {
  /** `alert` unless said otherwise. */
  purpose?: DeliveryPurpose;
  channel: DeliveryChannel;
  recipient: string;
  recipientName: string | null;
  contactId: string | null;
  body: string;
  /** A cap held this text back (sms-caps.ts): stored as `failed` with this reason and message, never sent. */
  held?: { reason: HeldReason; error: string };
  /** The escalation round of an `escalation` delivery (escalation-step.ts); 0, the default, for every other. */
  round?: number;
};

/**
 * One row per recipient and channel, pending and due `dueAt` (or failed when held back), listed after the alert's
 * deliveries so far; returns the ids of the pending ones, which need a delivery job. A recipient the alert already
 * has is stored once: its row is left as it is, unless a limit held it back, when it is planned again (a repeated
 * SOS tries held texts again).
 */
export async function insertDeliveries(
  tx: Queryable,
  alertId: string,
  deliveries: readonly NewDelivery[],
  dueAt: Date,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; held_reason: HeldReason | null }>(
    `INSERT INTO alert_deliveries (alert_id, purpose, escalation_round, channel, recipient, recipient_name,
                                   contact_id, position, body, status, held_reason, last_error, next_attempt_at,
                                   created_at, updated_at)
     SELECT $1, d.purpose, d.escalation_round, d.channel, d.recipient, d.recipient_name, d.contact_id,
            (SELECT COALESCE(max(position), 0) FROM alert_deliveries WHERE alert_id = $1) + d.position, d.body,
            CASE WHEN d.held_reason IS NULL THEN 'pending' ELSE 'failed' END, d.held_reason, d.last_error, $2, $2, $2
     FROM jsonb_to_recordset($3::jsonb)
       AS d(purpose text, escalation_round int, channel text, recipient text, recipient_name text,
            contact_id text, body text, position int, held_reason text, last_error text)
     ON CONFLICT (alert_id, purpose, escalation_round, channel, recipient) DO UPDATE SET
       recipient_name = EXCLUDED.recipient_name, contact_id = EXCLUDED.contact_id, body = EXCLUDED.body,
       status = EXCLUDED.status, held_reason = EXCLUDED.held_reason, last_error = EXCLUDED.last_error,
       next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at
     WHERE alert_deliveries.held_reason IS NOT NULL
     RETURNING id, held_reason`,
    [
      alertId,
      dueAt,
      JSON.stringify(
        deliveries.map((d, index) => ({
          position: index + 1,
          purpose: d.purpose ?? 'alert',
          escalation_round: d.round ?? 0,
          channel: d.channel,
          recipient: d.recipient,
          recipient_name: d.recipientName,
          contact_id: d.contactId,
          body: d.body,
          held_reason: d.held?.reason ?? null,
          last_error: d.held?.error ?? null,
        })),
      ),
    ],
  );
  return rows.filter((row) => row.held_reason === null).map((row) => row.id);
}

/**
 * The recipients an alert has reached or is reaching (`channel recipient`): its alert deliveries on every channel
 * except those a limit held back. A repeated SOS does not text them again.
 */
export async function listAlertRecipients(tx: Queryable, alertId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ channel: string; recipient: string }>(
    `SELECT channel, recipient FROM alert_deliveries
     WHERE alert_id = $1 AND purpose = 'alert' AND held_reason IS NULL`,
    [alertId],
  );
  return new Set(rows.map((row) => recipientKey(row.channel, row.recipient)));
}

/** One key per channel and recipient. */
export const recipientKey = (channel: string, recipient: string): string => `${channel} ${recipient}`;

/** The deliveries to the person's contacts (every channel but a guardian's push), in the order of the list. */
export async function listDeliveries(db: Queryable, alertIds: readonly string[]): Promise<DeliveryRow[]> {
  if (alertIds.length === 0) return [];
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries
     WHERE alert_id = ANY($1::uuid[]) AND channel <> 'push' ORDER BY purpose, position, id`,
    [alertIds],
  );
  return rows;
}

/**
 * How many of an alert's contact deliveries that were due by `dueBy` still wait for their first attempt to
 * finish. Deliveries due later are not waited for.
 */
export async function countAwaitingFirstAttempt(
  db: Queryable,
  alertId: string,
  dueBy: Date,
): Promise<number> {
  const row = await one<{ waiting: number }>(
    db,
    `SELECT count(*)::int AS waiting FROM alert_deliveries
     WHERE alert_id = $1 AND purpose = 'alert' AND channel <> 'push' AND next_attempt_at <= $2 AND held_reason IS NULL
       AND (attempts = 0 OR (attempts = 1 AND status = 'sending'))`,
    [alertId, dueBy],
  );
  return row?.waiting ?? 0;
}

// --- The delivery job's queries (delivery-job.ts) ------------------------------------------------------------

/** Whether the person's own devices must not hear of a change to this alert (duress.ts). */
export type OwnerVisibility = { user_id: string; hidden_from_owner: boolean };
const HIDDEN_FROM_OWNER = "(a.trigger_type = 'duress' OR a.concealed_at IS NOT NULL) AS hidden_from_owner";

export type DeliveryToSend = DeliveryRow & OwnerVisibility & { body: string; trigger_type: string };

/** An alert or escalation delivery (`d`) of an alert (`a`) the person has ended. */
const ENDED = "(d.purpose IN ('alert', 'escalation') AND a.resolved_at IS NOT NULL)";

/**
 * Marks a delivery as being sent (attempt number `attempts`) and returns what to send; undefined when gone. An
 * alert text whose alert the person has ended since ("I'm safe") is not sent but `cancelled` (with
 * `cancelledError`) and returned so: a retry after the all-clear must not tell a contact of a danger that is over.
 */
export function startAttempt(
  db: Queryable,
  delivery: { id: string; attempts: number; cancelledError: string },
  now: Date,
): Promise<DeliveryToSend | undefined> {
  return one<DeliveryToSend>(
    db,
    `UPDATE alert_deliveries d
     SET status = CASE WHEN ${ENDED} THEN 'cancelled' ELSE 'sending' END,
         last_error = CASE WHEN ${ENDED} THEN $4 ELSE d.last_error END,
         attempts = $2, updated_at = $3
     FROM alerts a
     WHERE d.id = $1 AND a.id = d.alert_id AND d.status IN ('pending', 'sending')
     RETURNING ${qualified('d')}, d.body, a.user_id, a.trigger_type, ${HIDDEN_FROM_OWNER}`,
    [delivery.id, delivery.attempts, now, delivery.cancelledError],
  );
}

/**
 * "I'm safe", in the resolving transaction: every alert or escalation delivery of the alert that has not started
 * going out (`pending`: never tried, or waiting for a retry) becomes `cancelled`. Returns their ids, whose jobs the caller
 * cancels. A delivery being sent at this moment (`sending`) finishes its attempt: it may already have arrived.
 */
export async function cancelUnsentAlertDeliveries(
  tx: Queryable,
  alertId: string,
  error: string,
  now: Date,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE alert_deliveries SET status = 'cancelled', last_error = $2, updated_at = $3
     WHERE alert_id = $1 AND purpose IN ('alert', 'escalation') AND status = 'pending'
     RETURNING id`,
    [alertId, error, now],
  );
  return rows.map((row) => row.id);
}

/**
 * Who gets the all-clear: each recipient (contacts' numbers and guardians' pushes) whose alert delivery, or an
 * escalation text or push, went out or may have: `sent`, `sending` (an attempt under way) or
 * `kept_in_dev_outbox` (a dev server's "sent"); once each. Not those who never got any (failed, held back by a
 * cap, cancelled), and never by a call: the escalation call's number hears the all-clear by text, if at all.
 */
export async function listAllClearRecipients(
  tx: Queryable,
  alertId: string,
): Promise<
  Array<Pick<DeliveryRow, 'channel' | 'recipient' | 'recipient_name'> & { contact_id: string | null }>
> {
  const { rows } = await tx.query<
    Pick<DeliveryRow, 'channel' | 'recipient' | 'recipient_name'> & { contact_id: string | null }
  >(
    `SELECT channel, recipient, recipient_name, contact_id FROM (
       SELECT DISTINCT ON (channel, recipient) channel, recipient, recipient_name, contact_id, position, id
       FROM alert_deliveries
       WHERE alert_id = $1 AND purpose IN ('alert', 'escalation') AND channel <> 'voice'
         AND status IN ('sent', 'sending', 'kept_in_dev_outbox')
       ORDER BY channel, recipient, position, id
     ) reached ORDER BY position, id`,
    [alertId],
  );
  return rows;
}

export type DeliveryOutcome =
  | { status: 'sent' | 'kept_in_dev_outbox'; providerMessageId: string | null }
  | { status: 'pending'; nextAttemptAt: Date; error: string }
  | { status: 'failed'; error: string };

/** Records how the latest attempt went (inside the job's fenced settlement); a cancelled delivery stays so. */
export function recordOutcome(
  tx: Queryable,
  delivery: { id: string; attempts: number },
  outcome: DeliveryOutcome,
  now: Date,
): Promise<(DeliveryRow & OwnerVisibility) | undefined> {
  const sent = outcome.status === 'sent';
  const taken = 'providerMessageId' in outcome;
  return one<DeliveryRow & OwnerVisibility>(
    tx,
    `UPDATE alert_deliveries d SET status = $3, attempts = GREATEST(d.attempts, $2), updated_at = $4,
       sent_at = CASE WHEN $5 THEN $4 ELSE d.sent_at END,
       provider_message_id = COALESCE($6, d.provider_message_id),
       last_error = $7,
       next_attempt_at = COALESCE($8, d.next_attempt_at)
     FROM alerts a
     WHERE d.id = $1 AND a.id = d.alert_id AND d.status <> 'cancelled'
     RETURNING ${qualified('d')}, a.user_id, ${HIDDEN_FROM_OWNER}`,
    [
      delivery.id,
      delivery.attempts,
      outcome.status,
      now,
      sent,
      taken ? outcome.providerMessageId : null,
      taken ? null : outcome.error,
      outcome.status === 'pending' ? outcome.nextAttemptAt : null,
    ],
  );
}

function qualified(alias: string): string {
  return DELIVERY_COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

// --- Shapes the API answers ---------------------------------------------------------------------------------

/** The alert as its owner and active guardians read it, with the meeting it carries (meeting-repository.ts). */
export function toAlert(row: AlertRow, meeting: AlertMeetingView | null = null): Alert {
  return {
    id: row.id,
    trigger_type: row.trigger_type,
    message: row.message,
    notes: row.notes,
    location_lat: row.location_lat,
    location_lng: row.location_lng,
    location_accuracy: row.location_accuracy,
    location_address: row.location_address,
    location_source: row.location_source,
    location_recorded_at: row.location_recorded_at?.toISOString() ?? null,
    recording_id: row.recording_id,
    occurred_at: row.occurred_at.toISOString(),
    created_at: row.created_at.toISOString(),
    status: row.resolved_at ? 'resolved' : 'active',
    resolved_at: row.resolved_at?.toISOString() ?? null,
    state: alertStateOf(row),
    acknowledged_at: row.acknowledged_at?.toISOString() ?? null,
    meeting,
  };
}

export function toDelivery(row: DeliveryRow): AlertDelivery {
  const final = row.status !== 'pending' && row.status !== 'sending';
  return {
    id: row.id,
    purpose: row.purpose,
    channel: row.channel,
    recipient: row.recipient,
    recipient_name: row.recipient_name,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: final ? null : row.next_attempt_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    ...(row.held_reason ? { held_reason: row.held_reason } : {}),
  };
}

/**
 * Locks one alert's row for the rest of the transaction, so the steps of its life (a response, an escalation step,
 * "I'm safe") happen one after another; answers it, or undefined when there is no such alert.
 */
export function lockAlert(tx: Queryable, alertId: string): Promise<AlertRow | undefined> {
  return one<AlertRow>(tx, `SELECT ${ALERT_COLUMNS} FROM alerts WHERE id = $1 FOR UPDATE`, [alertId]);
}

/** The first answer acknowledges the alert; later ones keep that time. */
export async function markAcknowledged(
  tx: Queryable,
  alertId: string,
  at: Date,
): Promise<AlertRow | undefined> {
  return one<AlertRow>(
    tx,
    `UPDATE alerts SET acknowledged_at = COALESCE(acknowledged_at, $2) WHERE id = $1 RETURNING ${ALERT_COLUMNS}`,
    [alertId, at],
  );
}

/**
 * The duress PIN's "I'm safe" (duress.ts): marks concealed at `at` the person's alert `alertId` and every earlier
 * alert of theirs their phone still shows active, exactly the alerts a real "I'm safe" would resolve. They stay
 * active (resolved_at null) for everyone else. Returns the rows this call concealed.
 */
export async function concealAlerts(
  db: Queryable,
  userId: string,
  alertId: string,
  at: Date,
): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `UPDATE alerts SET concealed_at = $3
     WHERE user_id = $1 AND resolved_at IS NULL AND ${SHOWN_TO_OWNER} ${NOT_DRILL}
       AND EXISTS (SELECT 1 FROM alerts target WHERE target.id = $2 AND target.user_id = $1
                   AND target.resolved_at IS NULL AND target.concealed_at IS NULL
                   AND target.trigger_type NOT IN ('duress', 'drill') AND alerts.created_at <= target.created_at)
     RETURNING ${ALERT_COLUMNS}`,
    [userId, alertId, at],
  );
  return rows;
}
