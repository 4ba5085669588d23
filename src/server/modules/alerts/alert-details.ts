import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertMeetingView } from '#shared/schemas/meeting';
import type { Queryable } from '../../db/database';
import { meetingViews } from './meeting-repository';
import * as repo from './repository';

/**
 * Each alert with its deliveries and the meeting it carries (one query each for all of them), in the order given.
 * For the alert's owner and their active guardians only: every caller asked the access policy first.
 */
export async function loadDetails(db: Queryable, alerts: readonly repo.AlertRow[]): Promise<AlertDetail[]> {
  const ids = alerts.map((alert) => alert.id);
  const deliveries = await repo.listDeliveries(db, ids);
  const meetings = await meetingViews(db, ids);
  return alerts.map((alert) =>
    detailOf(
      alert,
      deliveries.filter((d) => d.alert_id === alert.id).map(repo.toDelivery),
      meetings.get(alert.id) ?? null,
    ),
  );
}

export async function loadDetail(db: Queryable, alert: repo.AlertRow): Promise<AlertDetail> {
  return (await loadDetails(db, [alert]))[0]!;
}

/** The alert with all its deliveries; the counts are of the alert's own texts, not of the all-clear. */
function detailOf(
  alert: repo.AlertRow,
  deliveries: AlertDetail['deliveries'],
  meeting: AlertMeetingView | null,
): AlertDetail {
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert');
  return {
    alert: repo.toAlert(alert, meeting),
    emergencyContacts: texts.length,
    deliveries,
    summary: {
      successful: texts.filter((delivery) => delivery.status === 'sent').length,
      total: texts.length,
    },
  };
}
