import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import type { TextFailuresPort } from './ports';
import { replaceContactList } from './replace-contact-list';
import { countContacts, listContacts } from './repository';
import { contactRoutes } from './routes';
import { createContactService } from './service';

/** The person's emergency contacts, one row each. */
export function createContactsModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  /** Whether texts to a contact's number keep failing (the alerts module's deliveries). */
  textFailures: TextFailuresPort;
}): ServerModule {
  return { name: 'contacts', routes: contactRoutes(createContactService(deps)) };
}

/**
 * What other modules may use of contacts: the list (an SOS texts it), how many (a journey needs one), and the
 * whole list replaced by the profile's PATCH. app.ts hands it to each module that declares a port for part of it.
 */
export const contactLists = { countContacts, listContacts, replaceContactList };
