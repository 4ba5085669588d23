/**
 * One socket of this instance, and how messages reach it: an event goes out at once, or waits in `held` while
 * the socket authenticates or replays what it missed; a client too far behind is dropped.
 */
import { REALTIME_CHANNEL } from '#shared/constants';
import type { RealtimeEvent, RealtimeServerMessage } from '#shared/schemas/realtime';
import type { AuthContext } from '../http/access';

export type RawData = Buffer | ArrayBuffer | Buffer[];

/** What the hub uses of a `ws` WebSocket (typed here: the `ws` package ships no types of its own). */
export type HubSocket = {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** `binary: false` sends bytes as a text frame (an event's UTF-8, encoded once for all its sockets). */
  send(data: string | Buffer, options?: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: RawData) => void): unknown;
  on(event: 'close' | 'pong', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

export type Connection = {
  socket: HubSocket;
  auth: AuthContext | null;
  /** Answered the last ping. */
  alive: boolean;
  /** While authenticating or replaying, live events wait in `held`. */
  holding: boolean;
  held: OutgoingEvent[];
  /** Messages from the client are handled one at a time, in order. */
  queue: Promise<void>;
  authTimer: NodeJS.Timeout | null;
  /** `?since=` of the URL, for a socket that authenticates by message. */
  since: number | undefined;
};

/**
 * A live event as it goes out: serialized and encoded once, the same bytes for every socket it goes to (a ward's
 * position to 200 guardians is one JSON.stringify, not 200).
 */
export type OutgoingEvent = { readonly id: number; readonly bytes: Buffer };

export function outgoing(event: RealtimeEvent): OutgoingEvent {
  return { id: event.id, bytes: Buffer.from(JSON.stringify(event), 'utf8') };
}

export const CLOSE = REALTIME_CHANNEL.closeCodes;
/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const OPEN = 1;

export function newConnection(socket: HubSocket): Connection {
  return {
    socket,
    auth: null,
    alive: true,
    holding: false,
    held: [],
    queue: Promise.resolve(),
    authTimer: null,
    since: undefined,
  };
}

/** A message for this socket alone (`ready`, a replayed event, `pong`). */
export function send(conn: Connection, message: RealtimeServerMessage): void {
  sendText(conn, JSON.stringify(message));
}

function sendText(conn: Connection, text: string | Buffer): void {
  if (conn.socket.readyState !== OPEN) return;
  if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.socket.close(CLOSE.slowConsumer, 'too slow');
    return;
  }
  // Text frames either way: the client reads JSON text.
  conn.socket.send(text, { binary: false });
}

/** A live event: its text sent now, or held while the socket authenticates or replays. */
export function offer(conn: Connection, event: OutgoingEvent): void {
  if (conn.holding) conn.held.push(event);
  else sendText(conn, event.bytes);
}

/** Sends what was held back (leaving out what a replay already sent) and lets live events through again. */
export function release(conn: Connection, alreadySent: ReadonlySet<number> = new Set()): void {
  const held = conn.held;
  conn.held = [];
  conn.holding = false;
  for (const event of held) if (!alreadySent.has(event.id)) sendText(conn, event.bytes);
}

export function parseJson(data: RawData): unknown {
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
