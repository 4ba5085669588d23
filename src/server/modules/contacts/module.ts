import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { contactRoutes } from './routes';
import { createContactService } from './service';

/** The person's emergency contacts, one row each. */
export function createContactsModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
}): ServerModule {
  return { name: 'contacts', routes: contactRoutes(createContactService(deps)) };
}
