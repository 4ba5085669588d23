import type { Queryable } from '../../db/database';
import type { ServerModule } from '../server-module';
import {
  findShareLinkByCode,
  findShareLinkById,
  revokeLiveShareLinksOf,
  type ShareLinkRow,
} from './repository';
import { shareLinkRoutes } from './routes';
import { createShareLinkService, getOrCreateActiveShareLink, type ShareLinkServiceDeps } from './service';

/** Share links: `{origin}/track/{code}` lets anyone holding it follow a person's position until it ends. */
export function createShareLinksModule(deps: ShareLinkServiceDeps): ServerModule {
  return { name: 'share-links', routes: shareLinkRoutes(createShareLinkService(deps)) };
}

/** What other modules may use of share links: the link an SOS text carries. app.ts hands it to the alerts module. */
export const alertLinks = { getOrCreateActiveShareLink };

/** A link as other modules see it (recordings: which a link may play). */
export type LinkFacts = {
  id: string;
  userId: string;
  isActive: boolean;
  expiresAt: Date;
  createdAt: Date;
  alertId: string | null;
};

const toLinkFacts = (row: ShareLinkRow | undefined): LinkFacts | undefined =>
  row && {
    id: row.id,
    userId: row.user_id,
    isActive: row.is_active,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    alertId: row.alert_id,
  };

/** What other modules may use of share links: the link a code or an id names. app.ts hands it to recordings. */
export const shareLinkLookup = {
  findLinkByCode: async (db: Queryable, shareCode: string): Promise<LinkFacts | undefined> =>
    toLinkFacts(await findShareLinkByCode(db, shareCode.toLowerCase())),
  findLinkById: async (db: Queryable, id: string): Promise<LinkFacts | undefined> =>
    toLinkFacts(await findShareLinkById(db, id)),
};

/** What the sharing module may use of share links: ending them all at once ("Stop all sharing"). */
export const shareLinkRevocation = { revokeLiveShareLinksOf };
