/**
 * This browser's push subscription, through its service worker registration (used by web-push.ts, loaded when
 * first needed).
 */
import type { WebPushSubscription } from './web-push';

/** The service worker registers on load; a page opened a moment ago may still be waiting for it. */
const SERVICE_WORKER_WAIT_MS = 10_000;

async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    window.setTimeout(() => reject(new Error('No service worker is active')), SERVICE_WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** A registration if one exists, without waiting (there is none in development or before the first load). */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration();
  } catch {
    return undefined;
  }
}

/** VAPID keys travel as base64url; `applicationServerKey` wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

function toJson(subscription: PushSubscription): WebPushSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** This browser's current subscription, or null. */
export async function currentSubscription(): Promise<WebPushSubscription | null> {
  const existing = await existingRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? toJson(subscription) : null;
}

/** Subscribes with the server's VAPID public key (base64url). */
export async function subscribe(vapidPublicKey: string): Promise<WebPushSubscription> {
  const ready = await registration();
  const subscription = await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(vapidPublicKey),
  });
  return toJson(subscription);
}

/** Ends this browser's subscription; resolves with its endpoint, or null when there was none. */
export async function unsubscribe(): Promise<string | null> {
  const existing = await existingRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
