import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../adapters/clock';
import { webPushSender, type PushSender } from '../../adapters/push/push-sender';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { RealtimeHub } from '../../realtime/hub';
import { pushRoutes } from './routes';
import { createPushService, type PushService } from './service';
import { loadVapidDetails } from './vapid-keys';

/** Web Push: loads (or makes) the VAPID keys, serves /api/push/*, and pushes ward alerts to their guardians. */
export async function createPush(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'push' | 'publicUrl'>;
    db: Database;
    clock: Clock;
    realtime: RealtimeHub;
    sender?: PushSender;
  },
): Promise<PushService> {
  const vapid = await loadVapidDetails(deps.db, deps.config);
  const push = createPushService({
    db: deps.db,
    clock: deps.clock,
    sender: deps.sender ?? webPushSender({ vapid, timeoutMs: deps.config.push.timeoutMs }),
    publicKey: vapid.publicKey,
    log: app.log,
    allowAnyEndpoint: deps.config.push.allowAnyEndpoint,
  });
  deps.realtime.onPublished((event) => push.onEvent(event));
  // The hub first: a publish finishing during shutdown may still start a push, which drain then waits for.
  app.addHook('onClose', async () => {
    await deps.realtime.close();
    await push.drain();
  });
  await app.register(pushRoutes(push));
  return push;
}
