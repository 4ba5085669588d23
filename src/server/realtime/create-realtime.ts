import type { FastifyInstance } from 'fastify';
import type { AccessPolicy } from '../access/policy';
import type { Clock } from '../adapters/clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createInProcessBus, createRedisBus } from './bus';
import { createRealtimeHub, type RealtimeHub, type RealtimeHubDeps } from './hub';
import { registerRealtime } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one realtime hub: `app.realtime.publish(event)` reaches the person and their active guardians. */
    realtime: RealtimeHub;
  }
}

/**
 * Creates the hub (Redis fan-out when REDIS_URL is set, else in-process), serves GET /api/realtime, exposes it as
 * `app.realtime` and closes it with the app.
 */
export async function createRealtime(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'redisUrl' | 'redisChannelPrefix'>;
    db: Database;
    clock: Clock;
    access: AccessPolicy;
    verifyToken: RealtimeHubDeps['verifyToken'];
    liveSessionIds: RealtimeHubDeps['liveSessionIds'];
  },
): Promise<RealtimeHub> {
  const { config, ...hubDeps } = deps;
  const bus = config.redisUrl
    ? await createRedisBus({ url: config.redisUrl, channelPrefix: config.redisChannelPrefix, log: app.log })
    : createInProcessBus();
  const hub = createRealtimeHub({ ...hubDeps, log: app.log, bus });
  app.decorate('realtime', hub);
  await registerRealtime(app, hub);
  return hub;
}
