/**
 * Web Push behind a small interface (the guardian's "Get alerts when Beacon is closed" switch), so tests can
 * drive it without a service worker. The subscription belongs to this browser's service worker registration;
 * the code that handles it (web-push-subscription.ts) downloads when first used, not with the first screen.
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

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
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
    return (await import('./web-push-subscription')).currentSubscription();
  },
  async subscribe(vapidPublicKey) {
    return (await import('./web-push-subscription')).subscribe(vapidPublicKey);
  },
  async unsubscribe() {
    if (!supported()) return null;
    return (await import('./web-push-subscription')).unsubscribe();
  },
};
