import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { profileRoutes } from './routes';
import { createProfileService } from './service';

/** The person's own profile and settings. */
export function createProfileModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
}): ServerModule {
  return { name: 'profile', routes: profileRoutes(createProfileService(deps)) };
}
