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
