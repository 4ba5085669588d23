import { PUSH_TEXTS } from '#shared/push-texts';
import type { PushSubscriptionRequest } from '#shared/schemas/push';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSender } from '../../adapters/channels';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { PushSender } from '../../adapters/push/push-sender';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/access';
import * as repo from './repository';

export type PushService = {
  readonly publicKey: string;
  subscribe(auth: AuthContext, subscription: PushSubscriptionRequest): Promise<void>;
  /** Removes one of the caller's subscriptions (nothing happens for an endpoint that is not theirs). */
  unsubscribe(auth: AuthContext, endpoint: string): Promise<void>;
};

export type PushServiceDeps = {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publicKey: string;
  /**
   * false: only https endpoints of the browsers' push services (a subscription is a URL we POST to). true only in
   * development and tests, for a local push service: config.ts refuses it in production.
   */
  allowAnyEndpoint: boolean;
};

/**
 * The browsers' push services, by exact host: Firebase Cloud Messaging (Chrome, and the Chromium browsers that
 * use it), Mozilla's autopush (Firefox), Apple's (Safari). A subscription's endpoint is a URL the server POSTs
 * to, so a wider pattern (any *.googleapis.com) would let a person make Beacon call hosts that serve anyone's
 * content.
 */
const PUSH_SERVICE_HOSTS: ReadonlySet<string> = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
]);
/** Windows Push Notification Services (Edge on Windows) hands out one host per region: wns2-<region>.notify.windows.com. */
const WINDOWS_PUSH_HOST = /^[a-z0-9-]+\.notify\.windows\.com$/;

export function createPushService(deps: PushServiceDeps): PushService {
  const { db, clock } = deps;
  return {
    publicKey: deps.publicKey,

    async subscribe(auth, subscription) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      if (!deps.allowAnyEndpoint && !isPushServiceUrl(subscription.endpoint)) {
        throw new AppError('validation_failed', PUSH_TEXTS.invalidSubscription, { field: 'endpoint' });
      }
      const saved = await repo.saveOwnSubscription(db, {
        userId: ownerId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now: clock.now(),
      });
      // Another account's browser: taking it over would silence that person's alerts (their pushes would come
      // here, encrypted with keys their browser cannot read).
      if (!saved) throw new AppError('conflict', PUSH_TEXTS.subscriptionTaken);
    },

    async unsubscribe(auth, endpoint) {
      const { ownerId } = await deps.access.require(auth, 'manage', { ownerId: auth.userId });
      // Idempotent: a browser unsubscribing twice (or one that never reached us) is not an error.
      await repo.deleteOwnSubscription(db, ownerId, endpoint);
    },
  };
}

/** The `push` delivery channel's outcomes, in words for the delivery's `last_error`. */
export const PUSH_DELIVERY_ERRORS = {
  noSubscription: 'No browser of this person is subscribed to alerts',
  notDelivered: 'No push service accepted the message',
} as const;

/**
 * The `push` delivery channel: a delivery's recipient is a person (a guardian's user id) and its body the push
 * payload (JSON). Sent to every browser they subscribed; a subscription the push service says is gone is deleted.
 * Sent when at least one browser's push service accepted it; retried while some failed for another reason.
 */
export function pushChannel(deps: {
  db: Database;
  sender: PushSender;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): ChannelSender {
  return {
    async send({ to, body }) {
      const subscriptions = await repo.listSubscriptions(deps.db.urgent, [to]);
      if (subscriptions.length === 0)
        return { outcome: 'failed', error: PUSH_DELIVERY_ERRORS.noSubscription };
      const results = await Promise.all(
        subscriptions.map(async (subscription) => {
          const target = {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          };
          const result = await deps.sender.send(target, body, { urgency: 'high', topic: topicOf(body) });
          if (result.status === 'gone') await repo.deleteSubscriptionById(deps.db.urgent, subscription.id);
          if (result.status === 'failed') deps.log.warn({ reason: result.reason }, 'push not delivered');
          return result.status;
        }),
      );
      if (results.includes('sent')) return { outcome: 'sent', providerMessageId: null };
      return results.includes('failed')
        ? { outcome: 'retry', error: PUSH_DELIVERY_ERRORS.notDelivered }
        : { outcome: 'failed', error: PUSH_DELIVERY_ERRORS.noSubscription };
    },
  };
}

/** A push service keeps one pending message per topic (at most 32 URL-safe characters): one per alert. */
function topicOf(body: string): string | undefined {
  try {
    const tag = (JSON.parse(body) as { tag?: unknown }).tag;
    return typeof tag === 'string' ? tag.replace(/[^A-Za-z0-9]/g, '').slice(0, 32) : undefined;
  } catch {
    return undefined;
  }
}

/** https on the default port, no user name or password, and one of the push services' hosts exactly. */
export function isPushServiceUrl(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return false;
  return PUSH_SERVICE_HOSTS.has(url.hostname) || WINDOWS_PUSH_HOST.test(url.hostname);
}
