import { randomUUID } from 'node:crypto';
import type { SafetyPinStatus, UpdateSafetyPinRequest } from '#shared/schemas/safety-pin';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { SafetyPinChecks } from './pin-check';
import type { CurrentPasswordCheck, PinHasher, RaiseDuressAlert } from './ports';
import { deletePins, savePins } from './repository';

export type SafetyPinService = {
  status(auth: AuthContext): Promise<SafetyPinStatus>;
  update(auth: AuthContext, request: UpdateSafetyPinRequest): Promise<SafetyPinStatus>;
  /** The countdown's cancel: `{ ok: true }` for the safety PIN and the duress PIN alike. */
  check(auth: AuthContext, pin: string): Promise<{ ok: true }>;
};

export function createSafetyPinService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  hasher: PinHasher;
  checks: SafetyPinChecks;
  currentPassword: CurrentPasswordCheck;
  raiseDuressAlert: RaiseDuressAlert;
}): SafetyPinService {
  const owner = async (auth: AuthContext): Promise<string> =>
    (await deps.access.require(auth, 'manage', { ownerId: auth.userId })).ownerId;
  return {
    async status(auth) {
      return { safety_pin_set: await deps.checks.isSet(await owner(auth)) };
    },

    async update(auth, request) {
      const ownerId = await owner(auth);
      await deps.currentPassword(ownerId, request.password);
      if (request.safety_pin === null) {
        await deletePins(deps.db, ownerId);
        return { safety_pin_set: false };
      }
      const safety = await deps.hasher.hash(request.safety_pin);
      const duress = request.duress_pin ? await deps.hasher.hash(request.duress_pin) : null;
      await savePins(deps.db, ownerId, { safety_hash: safety, duress_hash: duress }, deps.clock.now());
      return { safety_pin_set: true };
    },

    async check(auth, pin) {
      const ownerId = await owner(auth);
      const result = await deps.checks.check(ownerId, pin);
      // Each duress PIN at a countdown is its own alert: a countdown has no id of its own to key it by.
      if (result.duress) await deps.raiseDuressAlert(ownerId, `duress:countdown:${randomUUID()}`);
      if (result.refusal) throw result.refusal;
      return { ok: true };
    },
  };
}
