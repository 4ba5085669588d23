/**
 * The drill's own queries (drill.ts) and the texts-failing read of a person's contacts' numbers
 * (docs/decisions/045-safety-network-drill.md). A drill is an `alerts` row of trigger `drill`: everything else about
 * it (deliveries, responses, timeline) is the alert pipeline's own rows.
 */
import { SAFETY_NETWORK } from '#shared/constants';
import type { AlertResponseKind } from '#shared/alert-life';
import type { HeldReason } from '#shared/schemas/alert';
import type { TextFailure } from '#shared/schemas/text-failure';
import { UNKNOWN_FAILURE_REASON } from '#shared/drill-texts';
import { HELD_TEXT_REASONS } from '#shared/texts';
import { one, type Queryable } from '../../db/database';
import type { AlertRow } from './repository';

export const DRILL_TRIGGER = 'drill';

type DrillRow = Pick<AlertRow, 'id' | 'user_id' | 'created_at' | 'resolved_at'>;

/** The person's drill `drillId`; undefined when there is none of theirs by that id. */
export function findDrill(db: Queryable, userId: string, drillId: string): Promise<DrillRow | undefined> {
  return one<DrillRow>(
    db,
    `SELECT id, user_id, created_at, resolved_at FROM alerts
     WHERE id = $1 AND user_id = $2 AND trigger_type = '${DRILL_TRIGGER}'`,
    [drillId, userId],
  );
}

/** The person's drill not ended yet, newest first. */
export function findOpenDrill(db: Queryable, userId: string): Promise<DrillRow | undefined> {
  return one<DrillRow>(
    db,
    `SELECT id, user_id, created_at, resolved_at FROM alerts
     WHERE user_id = $1 AND trigger_type = '${DRILL_TRIGGER}' AND resolved_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
}

/** Ends the drill (by its owner, or by itself): undefined when it had ended already or is not a drill. */
export function endDrillRow(tx: Queryable, drillId: string, at: Date): Promise<DrillRow | undefined> {
  return one<DrillRow>(
    tx,
    `UPDATE alerts SET resolved_at = $2
     WHERE id = $1 AND trigger_type = '${DRILL_TRIGGER}' AND resolved_at IS NULL
     RETURNING id, user_id, created_at, resolved_at`,
    [drillId, at],
  );
}

export type DrillDeliveryRow = {
  channel: 'sms' | 'push';
  recipient: string;
  recipient_name: string | null;
  status: string;
  last_error: string | null;
  held_reason: HeldReason | null;
  sent_at: Date | null;
};

/** The drill's texts and pushes, in the order they were queued. */
export async function listDrillDeliveries(db: Queryable, drillId: string): Promise<DrillDeliveryRow[]> {
  const { rows } = await db.query<DrillDeliveryRow>(
    `SELECT channel, recipient, recipient_name, status, last_error, held_reason, sent_at FROM alert_deliveries
     WHERE alert_id = $1 AND purpose = 'alert' AND channel IN ('sms', 'push') ORDER BY position, id`,
    [drillId],
  );
  return rows;
}

export type DrillAnswerRow = {
  guardian_id: string | null;
  contact_phone: string | null;
  response: AlertResponseKind;
  responded_at: Date;
};

/** Every answer to the drill, with who gave it (a guardian's account or the number a contact was texted at). */
export async function listDrillAnswers(db: Queryable, drillId: string): Promise<DrillAnswerRow[]> {
  const { rows } = await db.query<DrillAnswerRow>(
    `SELECT guardian_id, contact_phone, response, responded_at FROM alert_responses WHERE alert_id = $1`,
    [drillId],
  );
  return rows;
}

type OutcomeRow = {
  recipient: string;
  status: string;
  last_error: string | null;
  held_reason: HeldReason | null;
  updated_at: Date;
};

/**
 * For each of `numbers` (normalised) whose last SAFETY_NETWORK.failedInARow texts from the person's alerts all
 * failed: the reason of the last one and when. Only finished texts count (sent, failed, kept in the dev outbox);
 * pending and cancelled ones say nothing about the number. The duress alert's texts and those of an alert the
 * duress PIN ended never count: the person's phone must not learn from a flag that such an alert went out.
 */
export async function textFailures(
  db: Queryable,
  userId: string,
  numbers: readonly string[],
): Promise<Map<string, TextFailure>> {
  if (numbers.length === 0) return new Map();
  const { rows } = await db.query<OutcomeRow>(
    `SELECT recipient, status, last_error, held_reason, updated_at FROM (
       SELECT d.recipient, d.status, d.last_error, d.held_reason, d.updated_at,
              row_number() OVER (PARTITION BY d.recipient ORDER BY d.updated_at DESC, d.id DESC) AS n
       FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
       WHERE a.user_id = $1 AND a.trigger_type <> 'duress' AND a.concealed_at IS NULL
         AND d.channel = 'sms' AND d.recipient = ANY($2::text[])
         AND d.status IN ('sent', 'failed', 'kept_in_dev_outbox')
     ) last WHERE n <= $3
     ORDER BY recipient, updated_at DESC`,
    [userId, [...numbers], SAFETY_NETWORK.failedInARow],
  );
  const byNumber = new Map<string, OutcomeRow[]>();
  for (const row of rows) byNumber.set(row.recipient, [...(byNumber.get(row.recipient) ?? []), row]);
  const failures = new Map<string, TextFailure>();
  for (const [number, outcomes] of byNumber) {
    const failure = failureOf(outcomes);
    if (failure) failures.set(number, failure);
  }
  return failures;
}

/** The number's last texts, newest first: a failure when there are enough of them and every one failed. */
export function failureOf(
  outcomes: ReadonlyArray<Pick<OutcomeRow, 'status' | 'last_error' | 'held_reason' | 'updated_at'>>,
): TextFailure | null {
  if (outcomes.length < SAFETY_NETWORK.failedInARow) return null;
  if (!outcomes.every((outcome) => outcome.status === 'failed')) return null;
  const last = outcomes[0]!;
  return {
    reason:
      last.last_error ??
      (last.held_reason ? HELD_TEXT_REASONS[last.held_reason] : null) ??
      UNKNOWN_FAILURE_REASON,
    failed_at: last.updated_at.toISOString(),
    failed_in_a_row: outcomes.length,
  };
}
