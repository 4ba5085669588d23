import { guardianViewUrl } from '#shared/constants';
import type { PushPayload, PushSubscriptionRequest } from '#shared/schemas/push';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import { PUSH_TEXTS } from '#shared/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../adapters/clock';
import type { PushSender } from '../../adapters/push/push-sender';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/authenticate';
import { activeGuardianIds } from '../guardians/authorization';
import { findFullName } from '../share-links/repository';
import * as repo from './repository';

export type PushService = {
  readonly publicKey: string;
  subscribe(auth: AuthContext, subscription: PushSubscriptionRequest): Promise<void>;
  /** Removes one of the caller's subscriptions (nothing happens for an endpoint that is not theirs). */
  unsubscribe(auth: AuthContext, endpoint: string): Promise<void>;
  /** Sends `payload` to every browser the person subscribed; deletes subscriptions the push service forgot. */
  pushToUser(userId: string, payload: PushPayload, urgency?: 'normal' | 'high'): Promise<{ sent: number }>;
  /** Realtime listener: an alert of a ward reaches each active guardian's devices. Runs in the background. */
  onEvent(event: RealtimeEvent): void;
  /** Waits for pushes under way (app shutdown, tests). */
  drain(): Promise<void>;
};

export type PushServiceDeps = {
  db: Database;
  clock: Clock;
  sender: PushSender;
  publicKey: string;
  log: FastifyBaseLogger;
  /** false: only https endpoints of the known browser push services (a subscription is a URL we POST to). */
  allowAnyEndpoint: boolean;
};

/** The push services of Chrome/Android, Firefox, Safari and Edge. */
const PUSH_SERVICE_HOSTS = [
  /\.googleapis\.com$/,
  /\.mozilla\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

export function createPushService(deps: PushServiceDeps): PushService {
  const { db, clock, sender, log } = deps;
  const running = new Set<Promise<unknown>>();

  const background = (work: Promise<unknown>): void => {
    const tracked = work.catch((error: unknown) => log.error({ err: error }, 'push failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };

  const pushToUsers = async (
    userIds: string[],
    payload: PushPayload,
    options: { urgency: 'normal' | 'high'; topic?: string },
  ): Promise<number> => {
    const subscriptions = await repo.listSubscriptions(db, userIds);
    const body = JSON.stringify(payload);
    const results = await Promise.all(
      subscriptions.map(async (subscription) => {
        const target = {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        };
        const result = await sender.send(target, body, options);
        if (result.status === 'gone') await repo.deleteSubscriptionById(db, subscription.id);
        if (result.status === 'failed') log.warn({ reason: result.reason }, 'push not delivered');
        return result.status === 'sent';
      }),
    );
    return results.filter(Boolean).length;
  };

  const alertGuardians = async (wardId: string, alertId: string): Promise<void> => {
    const guardians = await activeGuardianIds(db, wardId);
    if (guardians.length === 0) return;
    const name = await findFullName(db, wardId);
    await pushToUsers(
      guardians,
      {
        title: PUSH_TEXTS.alertTitle(name),
        body: PUSH_TEXTS.alertBody(name),
        url: guardianViewUrl(wardId),
        tag: `alert-${alertId}`,
      },
      // A push service keeps one pending message per topic (at most 32 URL-safe characters).
      { urgency: 'high', topic: alertId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32) },
    );
  };

  return {
    publicKey: deps.publicKey,

    async subscribe(auth, subscription) {
      if (!deps.allowAnyEndpoint && !isPushServiceUrl(subscription.endpoint)) {
        throw new AppError('validation_failed', PUSH_TEXTS.invalidSubscription);
      }
      await repo.upsertSubscription(db, {
        userId: auth.userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now: clock.now(),
      });
    },

    async unsubscribe(auth, endpoint) {
      // Idempotent: a browser unsubscribing twice (or one that never reached us) is not an error.
      await repo.deleteOwnSubscription(db, auth.userId, endpoint);
    },

    async pushToUser(userId, payload, urgency = 'normal') {
      return { sent: await pushToUsers([userId], payload, { urgency }) };
    },

    onEvent(event) {
      if (event.type === 'alert.created') background(alertGuardians(event.user_id, event.payload.id));
    },

    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

function isPushServiceUrl(endpoint: string): boolean {
  const url = new URL(endpoint);
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
