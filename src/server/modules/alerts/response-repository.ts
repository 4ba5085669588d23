import type { AlertResponseKind } from '#shared/alert-life';
import type { AlertResponse } from '#shared/schemas/alert-life';
import type { Queryable } from '../../db/database';

/** Who answers: an active guardian (by account) or an emergency contact (by the number the alert texted). */
export type Responder =
  { kind: 'guardian'; guardianId: string; name: string } | { kind: 'contact'; phone: string; name: string };

type ResponseRow = {
  id: string;
  alert_id: string;
  responder_kind: AlertResponse['responder_kind'];
  responder_name: string;
  response: AlertResponseKind;
  responded_at: Date;
};

const COLUMNS = 'id, alert_id, responder_kind, responder_name, response, responded_at';

function toResponse(row: ResponseRow): AlertResponse {
  return {
    id: row.id,
    alert_id: row.alert_id,
    responder_kind: row.responder_kind,
    responder_name: row.responder_name,
    response: row.response,
    responded_at: row.responded_at.toISOString(),
  };
}

/**
 * Stores the responder's answer, replacing their earlier one; answers whether anything changed (the same answer
 * again changes nothing and keeps its first time).
 */
export async function upsertResponse(
  db: Queryable,
  alertId: string,
  responder: Responder,
  response: AlertResponseKind,
  at: Date,
): Promise<{ changed: boolean }> {
  const guardianId = responder.kind === 'guardian' ? responder.guardianId : null;
  const phone = responder.kind === 'contact' ? responder.phone : null;
  const target = guardianId
    ? '(alert_id, guardian_id) WHERE guardian_id IS NOT NULL'
    : '(alert_id, contact_phone) WHERE contact_phone IS NOT NULL';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_responses (alert_id, responder_kind, guardian_id, contact_phone, responder_name, response,
                                  responded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ${target} DO UPDATE
       SET response = EXCLUDED.response, responder_name = EXCLUDED.responder_name,
           responded_at = EXCLUDED.responded_at
       WHERE alert_responses.response <> EXCLUDED.response
     RETURNING id`,
    [alertId, responder.kind, guardianId, phone, responder.name, response, at],
  );
  return { changed: rows.length > 0 };
}

/** Every response to the given alerts, each list oldest first. */
export async function listResponses(
  db: Queryable,
  alertIds: readonly string[],
): Promise<Map<string, AlertResponse[]>> {
  const responses = new Map<string, AlertResponse[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return responses;
  const { rows } = await db.query<ResponseRow>(
    `SELECT ${COLUMNS} FROM alert_responses WHERE alert_id = ANY($1::uuid[]) ORDER BY responded_at, id`,
    [[...alertIds]],
  );
  for (const row of rows) responses.get(row.alert_id)?.push(toResponse(row));
  return responses;
}

/** The answers `guardianId` gave to the given alerts (GET /api/wards/alerts: `my_response`). */
export async function guardianResponses(
  db: Queryable,
  guardianId: string,
  alertIds: readonly string[],
): Promise<Map<string, AlertResponseKind>> {
  if (alertIds.length === 0) return new Map();
  const { rows } = await db.query<{ alert_id: string; response: AlertResponseKind }>(
    'SELECT alert_id, response FROM alert_responses WHERE guardian_id = $1 AND alert_id = ANY($2::uuid[])',
    [guardianId, [...alertIds]],
  );
  return new Map(rows.map((row) => [row.alert_id, row.response]));
}
