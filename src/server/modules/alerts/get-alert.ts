import type { AlertDetail } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import type { AuthContext } from '../../http/access';
import { AppError } from '../../http/app-error';
import type { AlertDeps } from './alert-deps';
import { loadDetail } from './alert-details';
import { ownerViewOf } from './owner-view';
import * as repo from './repository';

/** GET /api/alerts/:id: one of the person's alerts with its deliveries; 404 for anyone else's. */
export async function getAlert(deps: AlertDeps, auth: AuthContext, alertId: string): Promise<AlertDetail> {
  const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
  const alert = await repo.findAlert(deps.db, ownerId, alertId);
  if (!alert) throw new AppError('not_found', ERRORS.notFound);
  return ownerViewOf(alert, await loadDetail(deps.db.urgent, alert));
}
