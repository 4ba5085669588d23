/** What the realtime client uses of a WebSocket; tests substitute a fake. */
export type RealtimeSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
};

/** Opens sockets. The browser's opens real WebSockets; tests pass one that records them. */
export type RealtimeTransport = {
  /** `path` is the absolute path with query, e.g. `/api/realtime?access_token=…`. */
  open(path: string): RealtimeSocket;
};

export const SOCKET_OPEN = 1;

export const browserRealtimeTransport: RealtimeTransport = {
  open(path) {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${window.location.host}${path}`);
    const socket: RealtimeSocket = {
      get readyState() {
        return ws.readyState;
      },
      send: (data) => ws.send(data),
      close: (code, reason) => ws.close(code, reason),
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    ws.onopen = () => socket.onopen?.();
    ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
    ws.onclose = (event) => socket.onclose?.({ code: event.code });
    ws.onerror = () => socket.onerror?.();
    return socket;
  },
};
