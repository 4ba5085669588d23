/**
 * Web Push behind a small interface (the guardian's "Get alerts when Beacon is closed" switch), so tests can
 * drive it without a service worker. The subscription belongs to this browser's service worker registration.
 */
export type WebPushPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type WebPushAdapter = {
  isSupported(): boolean;
  permission(): WebPushPermission;
  /** Asks the person (a real browser prompt). */
  requestPermission(): Promise<WebPushPermission>;
  /** This browser's current subscription, or null. */
  getSubscription(): Promise<WebPushSubscription | null>;
  /** Subscribes with the server's VAPID public key (base64url). */
  subscribe(vapidPublicKey: string): Promise<WebPushSubscription>;
  /** Ends this browser's subscription; resolves with its endpoint, or null when there was none. */
  unsubscribe(): Promise<string | null>;
};

/** The service worker registers on load; a page opened a moment ago may still be waiting for it. */
const SERVICE_WORKER_WAIT_MS = 10_000;

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

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

export const browserWebPush: WebPushAdapter = {
  isSupported: supported,
  permission: () => (supported() ? Notification.permission : 'unsupported'),
  async requestPermission() {
    if (!supported()) return 'unsupported';
    return Notification.requestPermission();
  },
  async getSubscription() {
    if (!supported()) return null;
    const existing = await existingRegistration();
    const subscription = await existing?.pushManager.getSubscription();
    return subscription ? toJson(subscription) : null;
  },
  async subscribe(vapidPublicKey) {
    const ready = await registration();
    const subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(vapidPublicKey),
    });
    return toJson(subscription);
  },
  async unsubscribe() {
    if (!supported()) return null;
    const existing = await existingRegistration();
    const subscription = await existing?.pushManager.getSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  },
};
