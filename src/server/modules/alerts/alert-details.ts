import type { AlertDetail } from '#shared/schemas/alert';
import type { Queryable } from '../../db/database';
import * as repo from './repository';

/** Each alert with its deliveries (one query for all of them), in the order given. */
export async function loadDetails(db: Queryable, alerts: readonly repo.AlertRow[]): Promise<AlertDetail[]> {
  const deliveries = await repo.listDeliveries(
    db,
    alerts.map((alert) => alert.id),
  );
  return alerts.map((alert) =>
    detailOf(alert, deliveries.filter((d) => d.alert_id === alert.id).map(repo.toDelivery)),
  );
}

export async function loadDetail(db: Queryable, alert: repo.AlertRow): Promise<AlertDetail> {
  return (await loadDetails(db, [alert]))[0]!;
}

/** The alert with all its deliveries; the counts are of the alert's own texts, not of the all-clear. */
function detailOf(alert: repo.AlertRow, deliveries: AlertDetail['deliveries']): AlertDetail {
  const texts = deliveries.filter((delivery) => delivery.purpose === 'alert');
  return {
    alert: repo.toAlert(alert),
    emergencyContacts: texts.length,
    deliveries,
    summary: {
      successful: texts.filter((delivery) => delivery.status === 'sent').length,
      total: texts.length,
    },
  };
}
