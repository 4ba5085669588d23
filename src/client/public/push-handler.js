/*
 * Beacon's Web Push handlers, imported by the generated service worker (vite.config.ts: workbox.importScripts).
 * Plain JavaScript because the service worker loads it as is. The payload is PushPayloadSchema
 * (src/shared/schemas/push.ts): { title, body, url, tag?, respond?, vibrate? }. A ward's alert push carries `respond`: the
 * notification's "I'm on my way" / "I'm calling them" buttons answer the alert without opening the app, with the
 * token only this guardian's push carries (the worker has no session; docs/decisions/038).
 * A journey's reminder to the person's own phone carries `vibrate`.
 */
/* global self, clients, URL, fetch */

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

const RESPONSE_PATH = '/api/alert-responses/push';
const ANSWERS = ['on_my_way', 'calling'];

/** The answer buttons and what the notification says after, when the payload has them in the expected shape. */
function readRespond(respond) {
  if (!respond || typeof respond !== 'object' || typeof respond.token !== 'string') return null;
  const actions = Array.isArray(respond.actions)
    ? respond.actions.filter((a) => a && ANSWERS.includes(a.action) && typeof a.title === 'string')
    : [];
  if (actions.length === 0) return null;
  const text = (value) => (typeof value === 'string' ? value : '');
  return {
    token: respond.token,
    actions: actions.map((a) => ({ action: a.action, title: a.title })),
    answered: {
      on_my_way: text(respond.answered && respond.answered.on_my_way),
      calling: text(respond.answered && respond.answered.calling),
    },
    answeredBody: text(respond.answeredBody),
    failed: text(respond.failed),
  };
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
  const respond = readRespond(payload.respond);
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
      ...(respond ? { actions: respond.actions } : {}),
      data: { url: sameOriginUrl(payload.url), respond },
    }),
  );
});

/** Sends the guardian's answer; true once the server stored it (or already had it). */
async function sendAnswer(token, response) {
  try {
    const answer = await fetch(new URL(RESPONSE_PATH, self.location.origin).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, response }),
      credentials: 'omit',
    });
    return answer.ok;
  } catch {
    return false;
  }
}

/** An answer button: answer, then say so in the notification's place (or that it failed: tapping opens Beacon). */
async function answerFromNotification(notification, respond, response) {
  const url = sameOriginUrl(notification.data && notification.data.url);
  const sent = await sendAnswer(respond.token, response);
  await self.registration.showNotification(sent ? respond.answered[response] : notification.title, {
    body: sent ? respond.answeredBody : respond.failed,
    tag: notification.tag || undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    requireInteraction: !sent,
    data: { url },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const respond = event.notification.data && event.notification.data.respond;
  if (respond && ANSWERS.includes(event.action)) {
    event.waitUntil(answerFromNotification(event.notification, respond, event.action));
    return;
  }
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
