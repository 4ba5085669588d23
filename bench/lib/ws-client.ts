/**
 * WebSocket clients for the benchmarks: the `ws` package the server uses (Node 20 has no WebSocket of its own).
 * `ws` ships no types, so the little used here is typed here.
 */
import { createRequire } from 'node:module';

export type BenchSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'open', listener: () => void): unknown;
  on(event: 'close', listener: (code: number) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'open', listener: () => void): unknown;
  once(event: 'close', listener: (code: number) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
};

type WebSocketConstructor = new (url: string, options?: { perMessageDeflate?: boolean }) => BenchSocket;

const WebSocket = createRequire(import.meta.url)('ws') as WebSocketConstructor;

/**
 * Opens a socket with its message listener attached from the start (a first message may come in the same read as
 * the upgrade's answer); resolves once it is open.
 */
export function openSocket(url: string, onMessage: (text: string) => void): Promise<BenchSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('message', (data: Buffer) => onMessage(data.toString('utf8')));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => resolve(socket));
  });
}
