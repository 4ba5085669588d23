import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import type { SafetyPinChecks } from './pin-check';
import type { CurrentPasswordCheck, PinHasher, RaiseDuressAlert } from './ports';
import { safetyPinRoutes } from './routes';
import { createSafetyPinService } from './service';

/**
 * The safety PIN and the duress PIN (docs/decisions/042-safety-pin-and-duress.md): stored as argon2id hashes, set
 * with the account password, checked by `createSafetyPinChecks` (pin-check.ts), which app.ts also hands to the
 * alerts and journeys modules, the places that ask for the PIN.
 */
export function createSafetyPinModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  hasher: PinHasher;
  checks: SafetyPinChecks;
  currentPassword: CurrentPasswordCheck;
  raiseDuressAlert: RaiseDuressAlert;
}): ServerModule {
  return { name: 'safety-pin', routes: safetyPinRoutes(createSafetyPinService(deps)) };
}

export { createSafetyPinChecks } from './pin-check';
