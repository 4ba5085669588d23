import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import type { PositionsPort, ProfilesPort } from './ports';
import { shareLinkRoutes } from './routes';
import { createShareLinkService, getOrCreateActiveShareLink } from './service';

/** Share links: `{origin}/track/{code}` lets anyone holding it follow a person's position until it ends. */
export function createShareLinksModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  profiles: ProfilesPort;
  positions: PositionsPort;
  origin: string;
}): ServerModule {
  return { name: 'share-links', routes: shareLinkRoutes(createShareLinkService(deps)) };
}

/** What other modules may use of share links: the link an SOS text carries. app.ts hands it to the alerts module. */
export const alertLinks = { getOrCreateActiveShareLink };
