import type { AlertListQuery, AlertListResponse } from '#shared/schemas/alert';
import type { AuthContext } from '../../http/access';
import type { AlertDeps } from './alert-deps';
import { loadDetails } from './alert-details';
import { ownerViewOf } from './owner-view';
import * as repo from './repository';

const LIST_LIMIT = 50;

/** GET /api/alerts: the person's latest alerts; with `status: 'active'`, only those they have not ended. */
export async function listAlerts(
  deps: AlertDeps,
  auth: AuthContext,
  query?: AlertListQuery,
): Promise<AlertListResponse> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  const rows = await repo.listAlerts(deps.db, ownerId, LIST_LIMIT, query?.status);
  const details = await loadDetails(deps.db.urgent, rows);
  // An alert the duress PIN ended on this phone reads as ended here (owner-view.ts).
  return { alerts: details.map((detail, index) => ownerViewOf(rows[index]!, detail)) };
}
