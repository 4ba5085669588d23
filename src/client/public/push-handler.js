/*
 * Beacon's Web Push handlers, imported by the generated service worker (vite.config.ts: workbox.importScripts).
 * Plain JavaScript because the service worker loads it as is. The payload is PushPayloadSchema
 * (src/shared/schemas/push.ts): { title, body, url, tag?, vibrate? }.
 */
/* global self, clients, URL */

const FALLBACK_URL = '/guardian';

/** Only paths on this origin may be opened from a notification. */
function sameOriginUrl(candidate) {
  try {
    const url = new URL(typeof candidate === 'string' ? candidate : FALLBACK_URL, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

function readPayload(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Beacon';
  const tag = typeof payload.tag === 'string' ? payload.tag : undefined;
  // A journey's reminder to the person's own phone vibrates (and sounds, as the system plays notifications).
  const vibrate = Array.isArray(payload.vibrate)
    ? payload.vibrate.filter((ms) => typeof ms === 'number')
    : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag,
      renotify: Boolean(tag),
      silent: false,
      vibrate,
      // An emergency should stay on screen until the guardian acts on it.
      requireInteraction: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameOriginUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) await client.navigate(target);
        return;
      }
      await clients.openWindow(target);
    })(),
  );
});
