import { WARD_ACTIVITY } from '#shared/constants';
import type { WardAlertListResponse } from '#shared/schemas/alert';
import type { AuthContext } from '../../http/access';
import { seenAtOf } from './acknowledgement-repository';
import type { AlertDeps } from './alert-deps';
import { loadDetails } from './alert-details';
import * as repo from './repository';
import { guardianResponses } from './response-repository';

/**
 * GET /api/wards/alerts: the recent alerts (the last WARD_ACTIVITY.retentionHours) of everyone the caller may
 * watch, each only from when that guardian was approved, with the caller's own "Seen" and answer: what the guardian view
 * shows in a window that missed the live events.
 */
export async function listWardAlerts(deps: AlertDeps, auth: AuthContext): Promise<WardAlertListResponse> {
  const watched = await deps.access.watched(auth);
  const lookBack = new Date(deps.clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
  const wards = watched.map((ward) => ({
    wardId: ward.wardId,
    since: ward.activatedAt > lookBack ? ward.activatedAt : lookBack,
  }));
  const rows = await repo.listAlertsOfWards(deps.db, wards, WARD_ACTIVITY.maxAlerts);
  const details = await loadDetails(deps.db.urgent, rows);
  const seen = await seenAtOf(
    deps.db,
    auth.userId,
    rows.map((row) => row.id),
  );
  const mine = await guardianResponses(
    deps.db,
    auth.userId,
    rows.map((row) => row.id),
  );
  return {
    alerts: details.map((detail, i) => ({
      ...detail,
      ward_id: rows[i]!.user_id,
      seen_at: seen.get(detail.alert.id)?.toISOString() ?? null,
      my_response: mine.get(detail.alert.id) ?? null,
    })),
  };
}
