import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL, so a test can make "the database" stop or stall without touching
 * the real server (other test files share it). Modes:
 * - `forward`: every byte both ways, like a healthy database;
 * - `stall`: connections are accepted and kept, but nothing is forwarded (a hung server or a black-holed network);
 * - stopped (`stop()`): the port is closed and every open connection cut, so connecting is refused.
 */
export type TcpProxy = {
  readonly port: number;
  /** Forwards again (and listens again after `stop()`), on the same port. */
  forward(): Promise<void>;
  /** Keeps accepting, forwards nothing from now on, also on connections already open. */
  stall(): void;
  /** Stops listening and cuts every connection: new connections are refused. */
  stop(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | null };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'stall' = 'forward';
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair): void => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    // A stalled proxy holds the connection open and answers nothing, not even the start-up handshake.
    if (mode === 'forward') connectUpstream(pair);
  });

  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });

  const cutAll = (): void => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };

  const stop = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cutAll();
    await closed;
  };

  const port = await listen(0);
  return {
    port,
    async forward() {
      mode = 'forward';
      if (!server.listening) await listen(port);
      // Connections accepted while stalled never reached the database: they stay dead, their clients time out.
    },
    stall() {
      mode = 'stall';
      for (const pair of pairs) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    stop,
    async close() {
      if (server.listening) await stop();
      cutAll();
    },
  };
}
