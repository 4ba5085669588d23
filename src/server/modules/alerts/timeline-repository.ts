import type { AlertTimelineEntry } from '#shared/schemas/alert-life';
import type { Queryable } from '../../db/database';

/** What a new timeline entry says; fields that do not apply to its kind are left out. */
export type NewTimelineEntry = {
  kind: AlertTimelineEntry['kind'];
  at: Date;
  actorName?: string | null;
  response?: AlertTimelineEntry['response'];
  escalationStep?: AlertTimelineEntry['escalation_step'];
  round?: number | null;
  callOutcome?: AlertTimelineEntry['call_outcome'];
};

type TimelineRow = {
  id: string | number;
  alert_id: string;
  kind: AlertTimelineEntry['kind'];
  at: Date;
  actor_name: string | null;
  response: AlertTimelineEntry['response'];
  escalation_step: AlertTimelineEntry['escalation_step'];
  round: number | null;
  call_outcome: AlertTimelineEntry['call_outcome'];
};

const COLUMNS = 'id, alert_id, kind, at, actor_name, response, escalation_step, round, call_outcome';

function toEntry(row: TimelineRow): AlertTimelineEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    at: row.at.toISOString(),
    actor_name: row.actor_name,
    response: row.response,
    escalation_step: row.escalation_step,
    round: row.round,
    call_outcome: row.call_outcome,
  };
}

/** Adds an entry to the alert's timeline (inside the caller's transaction) and answers it as the API shows it. */
export async function appendTimeline(
  db: Queryable,
  alertId: string,
  entry: NewTimelineEntry,
): Promise<AlertTimelineEntry> {
  const { rows } = await db.query<TimelineRow>(
    `INSERT INTO alert_timeline (alert_id, kind, at, actor_name, response, escalation_step, round, call_outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      alertId,
      entry.kind,
      entry.at,
      entry.actorName ?? null,
      entry.response ?? null,
      entry.escalationStep ?? null,
      entry.round ?? null,
      entry.callOutcome ?? null,
    ],
  );
  return toEntry(rows[0]!);
}

/** The timelines of the given alerts, each oldest first. */
export async function listTimelines(
  db: Queryable,
  alertIds: readonly string[],
): Promise<Map<string, AlertTimelineEntry[]>> {
  const timelines = new Map<string, AlertTimelineEntry[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return timelines;
  const { rows } = await db.query<TimelineRow>(
    `SELECT ${COLUMNS} FROM alert_timeline WHERE alert_id = ANY($1::uuid[]) ORDER BY id`,
    [[...alertIds]],
  );
  for (const row of rows) timelines.get(row.alert_id)?.push(toEntry(row));
  return timelines;
}
