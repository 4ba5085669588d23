import { describe, expect, it, vi } from 'vitest';
import SOURCE from './push-handler.js?raw';

/**
 * The service worker's push handlers (push-handler.js, plain JavaScript the worker imports as is), run against a
 * stand-in of the worker's globals: what a notification shows, and what its answer buttons send.
 */
const ORIGIN = 'https://beacon.example';

type Listener = (event: Record<string, unknown>) => void;
type Shown = { title: string; options: Record<string, unknown> };

function worker(fetchAnswer: { ok: boolean } | Error) {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
  };
  const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
  const fetch = vi.fn(async () => {
    if (fetchAnswer instanceof Error) throw fetchAnswer;
    return fetchAnswer;
  });
  new Function('self', 'clients', 'URL', 'fetch', SOURCE)(self, clients, URL, fetch);
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { dispatch, shown, fetch, clients };
}

const ALERT_PUSH = {
  title: 'Emergency alert from Alex Ward',
  body: 'Alex Ward raised an emergency alert. Open Beacon to see where they are.',
  url: '/guardian/wards#ward-1',
  tag: 'alert-1',
  respond: {
    token: 'bar1_token-for-this-guardian',
    actions: [
      { action: 'on_my_way', title: "I'm on my way" },
      { action: 'calling', title: "I'm calling them" },
    ],
    answered: { on_my_way: "You answered: I'm on my way", calling: "You answered: I'm calling them" },
    answeredBody: 'They can see it on their screen.',
    failed: 'Your answer could not be sent. Open Beacon to answer.',
  },
};

/** The notification as the browser hands it back to `notificationclick`. */
const notificationOf = (shown: Shown) => ({
  title: shown.title,
  tag: shown.options.tag,
  data: shown.options.data,
  close: vi.fn(),
});

describe('the alert push’s answer buttons', () => {
  it('shows both buttons on a ward’s alert, and none on a push without them', async () => {
    const sw = worker({ ok: true });
    await sw.dispatch('push', { data: { json: () => ALERT_PUSH } });
    expect(sw.shown[0]!.options.actions).toEqual(ALERT_PUSH.respond.actions);
    const { respond: _respond, ...plain } = ALERT_PUSH;
    await sw.dispatch('push', { data: { json: () => plain } });
    expect(sw.shown[1]!.options.actions).toBeUndefined();
  });

  it('a button posts the token and the answer, then the notification says what was answered', async () => {
    const sw = worker({ ok: true });
    await sw.dispatch('push', { data: { json: () => ALERT_PUSH } });
    await sw.dispatch('notificationclick', {
      action: 'on_my_way',
      notification: notificationOf(sw.shown[0]!),
    });

    expect(sw.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = sw.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/api/alert-responses/push`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ token: ALERT_PUSH.respond.token, response: 'on_my_way' });
    expect(sw.shown[1]).toMatchObject({
      title: "You answered: I'm on my way",
      options: { tag: 'alert-1', body: 'They can see it on their screen.' },
    });
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('says the answer failed when the server refused it or could not be reached', async () => {
    for (const answer of [{ ok: false }, new Error('offline')]) {
      const sw = worker(answer);
      await sw.dispatch('push', { data: { json: () => ALERT_PUSH } });
      await sw.dispatch('notificationclick', {
        action: 'calling',
        notification: notificationOf(sw.shown[0]!),
      });
      expect(sw.shown[1]).toMatchObject({
        title: ALERT_PUSH.title,
        options: { body: ALERT_PUSH.respond.failed },
      });
    }
  });

  it('a tap on the notification itself opens the ward’s page and sends nothing', async () => {
    const sw = worker({ ok: true });
    await sw.dispatch('push', { data: { json: () => ALERT_PUSH } });
    await sw.dispatch('notificationclick', { action: '', notification: notificationOf(sw.shown[0]!) });
    expect(sw.fetch).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/guardian/wards#ward-1`);
  });
});
