import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { createEscalationSettingsService } from './escalation-settings';
import type { AccountsPort, ContactListPort } from './ports';
import {
  createProfileIfAbsent,
  findEscalationSeconds,
  findFullName,
  findFullNames,
  findLastChanceSeconds,
  findPeople,
  findSosPreferences,
  isSharingLocation,
} from './repository';
import { profileRoutes } from './routes';
import { createProfileService } from './service';

/** The person's own profile and settings. */
export function createProfileModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  accounts: AccountsPort;
  contacts: ContactListPort;
  /** ALERT_ESCALATION_SECONDS: the escalation time of a person who did not choose their own. */
  escalationDefaultSeconds: number;
}): ServerModule {
  const escalation = createEscalationSettingsService({
    ...deps,
    defaultSeconds: deps.escalationDefaultSeconds,
  });
  return { name: 'profile', routes: profileRoutes(createProfileService(deps), escalation) };
}

/**
 * What other modules may use of profiles: names, the sharing switch, what an SOS text carries, the escalation
 * time, and a first profile made at sign-up. app.ts hands it to each module that declares a port for part of it.
 */
export const profiles = {
  createProfileIfAbsent,
  findFullName,
  findFullNames,
  findLastChanceSeconds,
  findPeople,
  findSosPreferences,
  findEscalationSeconds,
  isSharingLocation,
};
