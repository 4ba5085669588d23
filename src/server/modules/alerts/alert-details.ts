import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import type { Queryable } from '../../db/database';
import type { AlertResponse, AlertTimelineEntry } from '#shared/schemas/alert-life';
import { meetingViews } from './meeting-repository';
import * as repo from './repository';
import { listResponses } from './response-repository';
import { listTimelines } from './timeline-repository';

/**
 * Each alert with its deliveries, the meeting it carries, its responses and its timeline (one query each for all
 * of them), in the order given.
 * For the alert's owner and their active guardians only: every caller asked the access policy first.
 */
export async function loadDetails(db: Queryable, alerts: readonly repo.AlertRow[]): Promise<AlertDetail[]> {
  const ids = alerts.map((alert) => alert.id);
  const deliveries = await repo.listDeliveries(db, ids);
  const meetings = await meetingViews(db, ids);
  const responses = await listResponses(db, ids);
  const timelines = await listTimelines(db, ids);
  return alerts.map((alert) =>
    detailOf(alert, {
      deliveries: deliveries.filter((d) => d.alert_id === alert.id).map(repo.toDelivery),
      meeting: meetings.get(alert.id) ?? null,
      responses: responses.get(alert.id) ?? [],
      timeline: timelines.get(alert.id) ?? [],
    }),
  );
}

export async function loadDetail(db: Queryable, alert: repo.AlertRow): Promise<AlertDetail> {
  return (await loadDetails(db, [alert]))[0]!;
}

/** The alert with all its deliveries; the counts are of the alert's own texts, not of the all-clear. */
function detailOf(
  alert: repo.AlertRow,
  parts: {
    deliveries: AlertDetail['deliveries'];
    meeting: AlertMeetingView | null;
    responses: AlertResponse[];
    timeline: AlertTimelineEntry[];
  },
): AlertDetail {
  const { deliveries } = parts;
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert');
  return {
    alert: repo.toAlert(alert, parts.meeting),
    emergencyContacts: texts.length,
    deliveries,
    summary: {
      successful: texts.filter((delivery) => delivery.status === 'sent').length,
      total: texts.length,
    },
    responses: parts.responses,
    timeline: parts.timeline,
  };
}
