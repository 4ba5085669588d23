import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { shareLinkRoutes } from './routes';
import { createShareLinkService } from './service';

/** Share links: `{origin}/track/{code}` lets anyone holding it follow a person's position until it ends. */
export function createShareLinksModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  origin: string;
}): ServerModule {
  return { name: 'share-links', routes: shareLinkRoutes(createShareLinkService(deps)) };
}
