import { INVITE_REDEMPTION_LIMITS } from '#shared/constants';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { createRateLimiter } from '../../http/rate-limiter';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { ServerModule } from '../server-module';
import { createInviteCodeService } from './invite-code-service';
import type { PeoplePort, PositionsPort } from './ports';
import { createRelationshipService } from './relationship-service';
import { guardianRoutes } from './routes';

/** Invite codes, guardian relationships and a guardian's list of wards. */
export function createGuardiansModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  people: PeoplePort;
  positions: PositionsPort;
}): ServerModule {
  const windowMs = INVITE_REDEMPTION_LIMITS.windowMinutes * 60_000;
  const limiter = (name: string, limit: number) =>
    createRateLimiter(deps.db, deps.clock, { name, limit, windowMs });
  const invites = createInviteCodeService({
    ...deps,
    limiters: {
      perUser: limiter('invite-redeem-user', INVITE_REDEMPTION_LIMITS.perUser),
      perAddress: limiter('invite-redeem-address', INVITE_REDEMPTION_LIMITS.perAddress),
    },
  });
  return {
    name: 'guardians',
    routes: guardianRoutes(invites, createRelationshipService(deps)),
  };
}
