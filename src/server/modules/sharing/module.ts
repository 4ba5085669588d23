import type { FastifyBaseLogger } from 'fastify';
import { SHARING_VIEWS } from '#shared/constants';
import type { SharingView } from '#shared/schemas/sharing';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { RealtimePublisher } from '../../realtime/publisher';
import { periodicJob } from '../../scheduler/periodic-job';
import type { ServerModule } from '../server-module';
import type { ResponderLinksPort, ShareLinksPort } from './ports';
import { deleteVisitsBefore, listVisits, type VisitRow } from './repository';
import { sharingRoutes } from './routes';
import { stopSharing } from './stop-sharing';
import { createViewLog, type ViewLog } from './view-log';

const DAY_MS = 86_400_000;

/**
 * Who has looked at what the person shares (the view log other modules write to through `viewLog`, and
 * GET /api/sharing/views) and "Stop all sharing" (POST /api/sharing/stop).
 * docs/decisions/046-who-looked-and-stop-all-sharing.md.
 */
export function createSharingModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  log: FastifyBaseLogger;
  shareLinks: ShareLinksPort;
  responderLinks: ResponderLinksPort;
}): { module: ServerModule; viewLog: ViewLog } {
  const viewLog = createViewLog(deps);
  const service = {
    async views(auth: { userId: string }) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const rows = await listVisits(deps.db, ownerId, SHARING_VIEWS.listLimit);
      return { views: rows.map(toSharingView) };
    },
    stop: (auth: Parameters<typeof stopSharing>[1]) => stopSharing(deps, auth),
  };
  return {
    viewLog,
    module: {
      name: 'sharing',
      routes: sharingRoutes(service),
      jobs: [
        periodicJob('sharing-views-retention', 60 * 60_000, deps.clock, async (now) => {
          await deleteVisitsBefore(deps.db, new Date(now.getTime() - SHARING_VIEWS.retentionDays * DAY_MS));
        }),
      ],
    },
  };
}

function toSharingView(row: VisitRow): SharingView {
  return {
    id: row.id,
    kind: row.kind,
    via: row.via,
    viewer_name: row.viewer_name,
    share_link_id: row.share_link_id,
    recording_id: row.recording_id,
    device: row.device,
    network: row.network,
    views: row.views,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  };
}
