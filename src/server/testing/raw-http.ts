import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/** One answer read off a raw connection. */
export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * A TCP connection to the app that the test writes HTTP onto by hand, so a request can be left half sent (its
 * headers, part of its body, or nothing at all) for as long as the test likes.
 */
export type RawConnection = {
  socket: Socket;
  /** Writes raw bytes (a request head, part of a body). */
  write(text: string): void;
  /** The next complete answer on the connection; rejects if the connection closes first. */
  nextResponse(): Promise<RawResponse>;
  /** Resolves once the connection has closed, with everything the server sent that was not read as an answer. */
  closed: Promise<string>;
};

/** Listens on a free port of 127.0.0.1 (once per app) and returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** The head of a request: request line and headers, ending with the blank line. */
export function requestHead(method: string, path: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters: Array<{ resolve(response: RawResponse): void; reject(error: Error): void }> = [];
  const deliver = (): void => {
    for (let response = takeResponse(); response && waiters.length > 0; response = takeResponse()) {
      waiters.shift()!.resolve(response);
    }
  };
  const takeResponse = (): RawResponse | null => {
    if (waiters.length === 0) return null;
    const parsed = parseResponse(buffer);
    if (!parsed) return null;
    buffer = buffer.slice(parsed.length);
    return parsed.response;
  };
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => {
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(`connection closed: ${buffer}`));
      resolve(buffer);
    });
  });
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    deliver();
  });
  socket.on('error', () => undefined); // a reset by the server shows as `closed`
  return {
    socket,
    write: (text) => void socket.write(text),
    nextResponse: () =>
      new Promise<RawResponse>((resolve, reject) => {
        waiters.push({ resolve, reject });
        deliver();
      }),
    closed,
  };
}

/** An answer with a Content-Length (every answer Fastify sends here), and how many characters it took. */
function parseResponse(text: string): { response: RawResponse; length: number } | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const bodyLength = Number(headers['content-length'] ?? 0);
  const bodyStart = end + 4;
  if (Buffer.byteLength(text.slice(bodyStart)) < bodyLength) return null;
  const body = Buffer.from(text.slice(bodyStart)).subarray(0, bodyLength).toString('utf8');
  return {
    response: { status: Number(statusLine.split(' ')[1]), headers, body },
    length: bodyStart + body.length,
  };
}

/** A WebSocket over a raw connection: enough of the protocol to ping the server and see it answer. */
export type RawWebSocket = {
  /** Sends a ping and resolves when the server's pong arrives. */
  ping(): Promise<void>;
  /** Whether the connection is still open. */
  isOpen(): boolean;
  close(): void;
};

/** Opens a WebSocket to `path` (the handshake by hand, so no client library is needed). */
export async function openRawWebSocket(port: number, path: string): Promise<RawWebSocket> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  let open = true;
  socket.on('close', () => (open = false));
  let buffer = Buffer.alloc(0);
  let onData = (): void => undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    onData();
  });
  const until = (found: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        try {
          if (found()) resolve();
          else if (!open) reject(new Error('the WebSocket closed'));
        } catch (error) {
          reject(error as Error);
        }
      };
      onData = check;
      socket.once('close', check);
      check();
    });

  socket.write(
    requestHead('GET', path, {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    }),
  );
  await until(() => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return false;
    if (!buffer.subarray(0, end).toString('latin1').startsWith('HTTP/1.1 101')) {
      throw new Error(`no upgrade: ${buffer.toString('latin1')}`);
    }
    buffer = buffer.subarray(end + 4);
    return true;
  });
  return {
    isOpen: () => open,
    close: () => socket.destroy(),
    async ping() {
      buffer = Buffer.alloc(0);
      // FIN + ping, masked (as every client frame must be), no payload.
      socket.write(Buffer.from([0x89, 0x80, 1, 2, 3, 4]));
      await until(() => hasPong(buffer));
    },
  };
}

/** Whether the server frames in `data` (unmasked) include a pong. */
function hasPong(data: Buffer): boolean {
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    if (opcode === 0x0a) return true;
    const short = data[at + 1]! & 0x7f;
    const header = short === 126 ? 4 : short === 127 ? 10 : 2;
    if (at + header > data.length) return false;
    const length =
      short === 126
        ? data.readUInt16BE(at + 2)
        : short === 127
          ? Number(data.readBigUInt64BE(at + 2))
          : short;
    at += header + length;
  }
  return false;
}
