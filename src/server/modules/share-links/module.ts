import type { ServerModule } from '../server-module';
import { shareLinkRoutes } from './routes';
import { createShareLinkService, getOrCreateActiveShareLink, type ShareLinkServiceDeps } from './service';

/** Share links: `{origin}/track/{code}` lets anyone holding it follow a person's position until it ends. */
export function createShareLinksModule(deps: ShareLinkServiceDeps): ServerModule {
  return { name: 'share-links', routes: shareLinkRoutes(createShareLinkService(deps)) };
}

/** What other modules may use of share links: the link an SOS text carries. app.ts hands it to the alerts module. */
export const alertLinks = { getOrCreateActiveShareLink };
