import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import { webPushSender, type PushSender } from '../../adapters/push/push-sender';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ServerModule } from '../server-module';
import { pushRoutes } from './routes';
import { usersWithSubscriptions } from './repository';
import { createPushService, pushChannel } from './service';
import { loadVapidDetails } from './vapid-keys';

/** Web Push: a person's browsers subscribe; the `push` delivery channel reaches them (a ward's alert, say). */
export async function createPushModule(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  config: Pick<Config, 'push' | 'publicUrl'>;
  log: FastifyBaseLogger;
  /** Defaults to real Web Push (encrypted, VAPID-signed). */
  sender?: PushSender;
}): Promise<ServerModule> {
  const vapid = await loadVapidDetails(deps.db, deps.config);
  const sender = deps.sender ?? webPushSender({ vapid, timeoutMs: deps.config.push.timeoutMs });
  const service = createPushService({
    db: deps.db,
    clock: deps.clock,
    access: deps.access,
    publicKey: vapid.publicKey,
    allowAnyEndpoint: deps.config.push.allowAnyEndpoint,
  });
  return {
    name: 'push',
    routes: pushRoutes(service),
    channels: { push: pushChannel({ db: deps.db, sender, log: deps.log }) },
  };
}

/**
 * What other modules may use of push: who has a browser subscribed (a guardian who gets a push). app.ts hands it
 * to each module that declares a port for it.
 */
export const pushSubscriptions = { usersWithSubscriptions };
