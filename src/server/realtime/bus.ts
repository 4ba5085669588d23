/**
 * Carries events between instances. Each instance delivers what it publishes to its own sockets directly; the
 * bus only tells the *other* instances. Without Redis there are no others, so the in-process bus does nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import type { RealtimeAudience } from './publisher';

export type BusMessage = { event: RealtimeEvent; audience: RealtimeAudience };

export type RealtimeBus = {
  readonly kind: 'in-process' | 'redis';
  /** Sends a message to every other instance. */
  broadcast(message: BusMessage): Promise<void>;
  /** Resolves once this instance receives other instances' messages. */
  ready(): Promise<void>;
  /** Called for every message another instance broadcast. */
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
};

export function createInProcessBus(): RealtimeBus {
  return {
    kind: 'in-process',
    ready: async () => undefined,
    broadcast: async () => undefined,
    onMessage: () => undefined,
    close: async () => undefined,
  };
}

type Envelope = BusMessage & { origin: string };

/**
 * Redis pub/sub on one channel (`{prefix}:realtime`). Pub/sub is fire-and-forget: an instance that is
 * disconnected for a moment misses messages, which is what catch-up (`?since=`) is for. The client package is
 * loaded here, only when REDIS_URL is set: loading it costs every other server about 0.1 s of CPU at each start
 * and 24 MiB for good.
 */
export async function createRedisBus(options: {
  url: string;
  channelPrefix: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<RealtimeBus> {
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  const channel = `${options.channelPrefix}:realtime`;
  const connect = (maxRetriesPerRequest: number | null): Redis => {
    const client = new Redis(options.url, { maxRetriesPerRequest });
    // Without a listener an unreachable Redis would crash the process; the client reconnects by itself.
    client.on('error', (error: Error) => options.log.warn({ err: error }, 'redis connection error'));
    return client;
  };
  // A publish while Redis is away fails after one reconnect attempt instead of piling up: catch-up covers it.
  const publisher = connect(1);
  // The subscription waits for Redis however long it takes and is renewed after every reconnect.
  const subscriber = connect(null);
  const handlers: Array<(message: BusMessage) => void> = [];
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => options.log.warn({ err: error }, 'redis subscribe failed'),
  );

  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const envelope = parse(raw);
    if (!envelope || envelope.origin === origin) return;
    for (const handler of handlers) handler({ event: envelope.event, audience: envelope.audience });
  });

  return {
    kind: 'redis',
    ready: () => subscribed,
    async broadcast(message) {
      await publisher.publish(channel, JSON.stringify({ ...message, origin } satisfies Envelope));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      // disconnect, not quit: QUIT would wait in the offline queue forever while Redis is unreachable.
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

function parse(raw: string): Envelope | null {
  try {
    const value = JSON.parse(raw) as Partial<Envelope>;
    if (typeof value.origin !== 'string' || typeof value.event?.user_id !== 'string') return null;
    return { origin: value.origin, event: value.event, audience: value.audience ?? 'subject_and_guardians' };
  } catch {
    return null;
  }
}
