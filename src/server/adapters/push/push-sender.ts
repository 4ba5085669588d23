import webpush from 'web-push';

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * `sent`: the push service accepted it. `gone`: the subscription no longer exists (404/410), delete it.
 * `failed`: anything else (the service is down, rejected the request, timed out); keep it and try next time.
 */
export type PushResult = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; reason: string };

/** Sends one encrypted Web Push message. Never throws. */
export type PushSender = {
  readonly kind: 'web-push';
  send(
    target: PushTarget,
    payload: string,
    options?: { urgency?: 'normal' | 'high'; topic?: string },
  ): Promise<PushResult>;
};

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** How long a push stays queued at the push service for a device that is offline. */
const TTL_SECONDS = 60 * 60;

/**
 * The web-push library encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the
 * request itself goes out with fetch, so it honours a timeout and works with any push service URL the caller
 * has allowed (the library's own sender only speaks https).
 */
export function webPushSender(options: { vapid: VapidDetails; timeoutMs: number }): PushSender {
  return {
    kind: 'web-push',
    async send(target, payload, sendOptions = {}) {
      try {
        const request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: options.vapid,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: sendOptions.urgency ?? 'normal',
          ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
        });
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: stringHeaders(request.headers),
          // A copy as a plain Uint8Array: a Buffer is one too, but not the ArrayBuffer-backed view the DOM's fetch
          // types accept, which the whole-repository type check (tsconfig.json) includes.
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.ok) return { status: 'sent' };
        if (response.status === 404 || response.status === 410) return { status: 'gone' };
        return { status: 'failed', reason: `push service answered ${response.status}` };
      } catch (error) {
        return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}
