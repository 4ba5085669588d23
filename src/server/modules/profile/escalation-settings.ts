/**
 * GET and PATCH /api/escalation-settings: how long the person's alerts may go unanswered before Beacon escalates
 * them (docs/PRODUCT.md#when-nobody-answers). Kept on the person's profile row; the alerts module reads it when an
 * alert is raised (its `profiles` port), so a change applies to the next alert, not to one under way.
 */
import type { EscalationSettings, EscalationSettingsPatch } from '#shared/schemas/escalation-settings';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { notSignedIn, type AuthContext } from '../../http/access';
import type { AccountsPort } from './ports';
import { createProfileIfAbsent, findEscalationSeconds, updateEscalationSeconds } from './repository';

export type EscalationSettingsService = {
  get(auth: AuthContext): Promise<EscalationSettings>;
  update(auth: AuthContext, patch: EscalationSettingsPatch): Promise<EscalationSettings>;
};

export function createEscalationSettingsService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  accounts: AccountsPort;
  /** ALERT_ESCALATION_SECONDS. */
  defaultSeconds: number;
}): EscalationSettingsService {
  const answer = (chosen: number | null): EscalationSettings => ({
    escalation_seconds: chosen ?? deps.defaultSeconds,
    chosen: chosen !== null,
    default_seconds: deps.defaultSeconds,
  });
  return {
    async get(auth) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      return answer(await findEscalationSeconds(deps.db, ownerId));
    },
    async update(auth, patch) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      const now = deps.clock.now();
      const saved = await deps.db.transaction(async (tx) => {
        // A person without a profile yet gets one first, as PATCH /api/profile does.
        const seed = await deps.accounts.profileSeedOf(tx, ownerId);
        if (!seed) return false;
        await createProfileIfAbsent(tx, ownerId, seed, now);
        await updateEscalationSeconds(tx, ownerId, patch.escalation_seconds, now);
        return true;
      });
      if (!saved) throw notSignedIn();
      return answer(patch.escalation_seconds);
    },
  };
}
