import { REALTIME, REALTIME_CHANNEL } from '#shared/constants';
import type { RealtimeClientMessage } from '#shared/schemas/realtime';
import {
  RealtimeControlSchema,
  RealtimeEnvelopeSchema,
  type RealtimeControl,
  type RealtimeEnvelope,
} from '#shared/schemas/realtime-envelope';
import { reconnectDelayMs } from './backoff';
import type { LastEventStore } from './last-event-store';
import { SOCKET_OPEN, type RealtimeSocket, type RealtimeTransport } from './realtime-transport';

/**
 * The one realtime connection of a signed-in app (GET /api/realtime). Framework-free so its rules are unit-tested
 * with a fake socket and fake timers:
 *
 * - The newest applied event id is kept (in memory and in `lastEvents`); every (re)connect sends it as `since`,
 *   so the server replays what was missed. Repeats are dropped by id. A connection without one (a new tab, a
 *   refused `since`) hears only what happens after it opens, so once open it asks for everything to be read again.
 * - A `ping` goes out every heartbeat; a heartbeat without any answer since the last ping means the connection
 *   is dead (a browser can take minutes to notice a dropped network), so it is abandoned and reopened.
 * - A closed socket is reopened after 1 s, 2 s, 5 s, then every 10 s (docs/PRODUCT.md#realtime-events); the
 *   count starts over once the server says `ready`.
 * - Close 4401 (the server refused the token): the session is refreshed first, then the socket reopened with the
 *   new token; no session any more means signed out, and the connection stops.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export type RealtimeTimers = {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(id: number): void;
};

export type RealtimeEventMeta = {
  /** False while a catch-up replays missed events: they are news, but not this second's news. */
  live: boolean;
};

export type RealtimeConnectionOptions = {
  userId: string;
  transport: RealtimeTransport;
  /** The current access token, or null when signed out. */
  getToken(): string | null;
  /**
   * After a 4401: resolves with a token that differs from `staleToken` (refreshed here or by another tab), or
   * null when the person is signed out. Rejects when the refresh could not be attempted (offline).
   */
  refreshToken(staleToken: string): Promise<string | null>;
  lastEvents: LastEventStore;
  /**
   * An event, checked only for its envelope: whoever applies it parses the payload by its type (and skips a
   * type it does not know), so the payload schemas load with that code rather than with the first screen.
   */
  onEvent(event: RealtimeEnvelope, meta: RealtimeEventMeta): void;
  /**
   * Events were missed that no catch-up will replay — a fresh connection (nothing before its opening is sent), or
   * more than one catch-up holds: whatever the events feed must be reloaded over HTTP.
   */
  onResync(): void;
  onStatus?(status: RealtimeStatus): void;
  heartbeatMs?: number;
  backoffMs?: readonly number[];
  timers?: RealtimeTimers;
};

export type RealtimeConnection = {
  start(): void;
  stop(): void;
  /** Skips the remaining backoff wait (e.g. the network just came back). */
  reconnectNow(): void;
  status(): RealtimeStatus;
  lastEventId(): number | null;
};

const browserTimers: RealtimeTimers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (id) => window.clearInterval(id),
};

const CLOSE = REALTIME_CHANNEL.closeCodes;
const NORMAL_CLOSURE = 1000;

export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const { userId, lastEvents } = options;
  const timers = options.timers ?? browserTimers;
  const heartbeatMs = options.heartbeatMs ?? REALTIME.heartbeatMs;
  const backoff = options.backoffMs ?? REALTIME.reconnectBackoffMs;

  let status: RealtimeStatus = 'stopped';
  let started = false;
  let stopped = false;
  let socket: RealtimeSocket | null = null;
  let attempt = 0;
  let reconnectTimer: number | null = null;
  let heartbeatTimer: number | null = null;
  let awaitingPong = false;
  let replaying = false;
  let refreshing = false;
  let lastId = lastEvents.read(userId);

  const setStatus = (next: RealtimeStatus): void => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const remember = (id: number): void => {
    if (lastId !== null && id <= lastId) return;
    lastId = id;
    lastEvents.write(userId, id);
  };

  const send = (message: RealtimeClientMessage): void => {
    if (socket?.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
  };

  const detach = (target: RealtimeSocket): void => {
    target.onopen = null;
    target.onmessage = null;
    target.onclose = null;
    target.onerror = null;
  };

  const stopHeartbeat = (): void => {
    if (heartbeatTimer !== null) timers.clearInterval(heartbeatTimer);
    heartbeatTimer = null;
    awaitingPong = false;
  };

  const scheduleReconnect = (): void => {
    if (stopped || reconnectTimer !== null) return;
    const delay = reconnectDelayMs(attempt, backoff);
    attempt += 1;
    setStatus('reconnecting');
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  /** Drops the current socket without waiting for its close event (which may never come on a dead network). */
  const abandon = (): void => {
    const dead = socket;
    socket = null;
    stopHeartbeat();
    if (!dead) return;
    detach(dead);
    try {
      dead.close();
    } catch {
      // Already closed.
    }
  };

  const beat = (): void => {
    if (!socket) return;
    if (awaitingPong) {
      abandon();
      scheduleReconnect();
      return;
    }
    awaitingPong = true;
    send({ type: 'ping' });
  };

  const handleControl = (message: RealtimeControl): void => {
    if (message.type === 'ready') {
      attempt = 0;
      setStatus('open');
      // One that sent `since` keeps it until the catch-up says `resumed`. A fresh client starts from "now", and
      // what changed between the page's reads over HTTP and now came as no event (a ward's alert or silence
      // warning, an alert raised on another device): it reads again.
      if (lastId === null) {
        remember(message.last_event_id);
        options.onResync();
      }
      return;
    }
    if (message.type === 'resumed') {
      replaying = false;
      remember(message.last_event_id);
      if (message.truncated) options.onResync();
    }
  };

  const handleMessage = (data: unknown): void => {
    awaitingPong = false;
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const control = RealtimeControlSchema.safeParse(json);
    if (control.success) {
      handleControl(control.data);
      return;
    }
    const parsed = RealtimeEnvelopeSchema.safeParse(json);
    if (!parsed.success) {
      // Not an event this client can read: skip it, but do not ask for it again on reconnect.
      const id = (json as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && Number.isSafeInteger(id)) remember(id);
      return;
    }
    const event = parsed.data;
    if (lastId !== null && event.id <= lastId) return;
    remember(event.id);
    options.onEvent(event, { live: !replaying });
  };

  const refreshThenReconnect = (staleToken: string): void => {
    refreshing = true;
    setStatus('reconnecting');
    options.refreshToken(staleToken).then(
      (fresh) => {
        refreshing = false;
        if (stopped) return;
        if (fresh === null) stop();
        else scheduleReconnect();
      },
      () => {
        refreshing = false;
        scheduleReconnect();
      },
    );
  };

  const handleClose = (closed: RealtimeSocket, code: number, token: string): void => {
    if (closed !== socket) return;
    socket = null;
    detach(closed);
    stopHeartbeat();
    if (stopped) return;
    if (code === CLOSE.unauthenticated) {
      refreshThenReconnect(token);
      return;
    }
    if (code === CLOSE.badRequest) {
      // The server refused our `since`: start over from "now", which reloads what the events would have changed
      // once the new connection is ready (a reload now could still miss what happens before then).
      lastId = null;
      lastEvents.clear(userId);
    }
    scheduleReconnect();
  };

  function connect(): void {
    if (stopped || socket) return;
    const token = options.getToken();
    if (!token) {
      stop();
      return;
    }
    const query = new URLSearchParams({ access_token: token });
    if (lastId !== null) query.set('since', String(lastId));
    replaying = lastId !== null;
    if (status !== 'reconnecting') setStatus('connecting');
    const opened = options.transport.open(`${REALTIME_CHANNEL.path}?${query.toString()}`);
    socket = opened;
    opened.onopen = () => {
      stopHeartbeat();
      heartbeatTimer = timers.setInterval(beat, heartbeatMs);
    };
    opened.onmessage = (message) => handleMessage(message.data);
    opened.onclose = (event) => handleClose(opened, event.code, token);
    // An error is always followed by a close event, which decides what happens next.
    opened.onerror = () => undefined;
  }

  function stop(): void {
    stopped = true;
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const current = socket;
    socket = null;
    stopHeartbeat();
    if (current) {
      detach(current);
      try {
        current.close(NORMAL_CLOSURE);
      } catch {
        // Already closed.
      }
    }
    setStatus('stopped');
  }

  return {
    start() {
      if (started) return;
      started = true;
      connect();
    },
    stop,
    reconnectNow() {
      if (stopped || !started || socket || refreshing) return;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      connect();
    },
    status: () => status,
    lastEventId: () => lastId,
  };
}
