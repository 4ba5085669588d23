import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RealtimeEvent, RealtimeServerMessage } from '#shared/schemas/realtime';
import type { RealtimeSocket, RealtimeTransport } from '../lib/realtime/realtime-transport';

/** A socket the test plays the server for: `open`, `receive` and `serverClose` act as the server would. */
export class FakeRealtimeSocket implements RealtimeSocket {
  readyState = 0;
  /** Client messages, parsed. */
  readonly sent: unknown[] = [];
  /** The code the client closed with, or null while it has not. */
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly path: string) {}

  get query(): URLSearchParams {
    return new URLSearchParams(this.path.split('?')[1] ?? '');
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(message: RealtimeServerMessage | Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

export type FakeRealtime = {
  transport: RealtimeTransport;
  sockets: FakeRealtimeSocket[];
  /** The most recently opened socket (throws when none). */
  latest(): FakeRealtimeSocket;
  /** Opens the latest socket and answers `ready` as the server does. */
  accept(userId: string, lastEventId?: number): FakeRealtimeSocket;
  /** Sends an event on the latest socket. */
  emit(event: RealtimeEvent): void;
};

/** Stands in for the realtime server. Sockets stay "connecting" until the test accepts them. */
export function createFakeRealtime(): FakeRealtime {
  const sockets: FakeRealtimeSocket[] = [];
  const latest = (): FakeRealtimeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No realtime socket was opened');
    return socket;
  };
  return {
    transport: {
      open(path) {
        const socket = new FakeRealtimeSocket(path);
        sockets.push(socket);
        return socket;
      },
    },
    sockets,
    latest,
    accept(userId, lastEventId = 0) {
      const socket = latest();
      socket.open();
      socket.receive({ type: 'ready', user_id: userId, last_event_id: lastEventId });
      return socket;
    },
    emit(event) {
      latest().receive(event);
    },
  };
}

/**
 * The server says `ready` on the latest socket (`accept`), and this resolves once the reads the app makes again
 * for a fresh connection have come back: events sent after it land on what those reads returned, as they would
 * from a server whose answers already held them.
 */
export async function acceptAndSettle(
  realtime: FakeRealtime,
  queryClient: QueryClient,
  userId: string,
  lastEventId?: number,
): Promise<void> {
  act(() => void realtime.accept(userId, lastEventId));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}
