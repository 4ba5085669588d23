/**
 * A minimal MQTT 3.1.1 client over node:net, enough to measure a broker's fan-out beside Beacon's: CONNECT,
 * SUBSCRIBE and PUBLISH at QoS 0, nothing else (no retries, no keep-alive pings: a run lasts seconds). The `mqtt`
 * npm package is not a dependency of this repository, and this is all a benchmark needs of it.
 */
import net from 'node:net';

export type MqttClient = {
  subscribe(topic: string): Promise<void>;
  /** QoS 0: written to the socket, never acknowledged. */
  publish(topic: string, payload: Buffer | string): void;
  /** Called with every PUBLISH the broker delivers. */
  onMessage(handler: (topic: string, payload: Buffer) => void): void;
  close(): Promise<void>;
};

const CONNECT = 0x10;
const CONNACK = 0x20;
const PUBLISH = 0x30;
const SUBSCRIBE = 0x82; // type 8, flags 0010 as the protocol requires
const SUBACK = 0x90;
const DISCONNECT = 0xe0;

function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

function utf8String(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(type: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([type]), remainingLength(body.length), body]);
}

export async function connectMqtt(options: {
  host: string;
  port: number;
  clientId: string;
}): Promise<MqttClient> {
  const socket = net.connect({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  let buffered: Buffer = Buffer.alloc(0);
  const handlers: Array<(topic: string, payload: Buffer) => void> = [];
  let connack: (() => void) | null = null;
  const subacks = new Map<number, () => void>();
  let nextPacketId = 1;

  const onPacket = (first: number, body: Buffer): void => {
    const type = first & 0xf0;
    if (type === CONNACK) connack?.();
    else if (first === SUBACK) {
      const id = body.readUInt16BE(0);
      subacks.get(id)?.();
      subacks.delete(id);
    } else if (type === PUBLISH) {
      const topicLength = body.readUInt16BE(0);
      const topic = body.toString('utf8', 2, 2 + topicLength);
      // QoS 0 carries no packet id: the payload follows the topic.
      const payload = body.subarray(2 + topicLength);
      for (const handler of handlers) handler(topic, payload);
    }
  };

  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (buffered.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let offset = 1;
      let complete = false;
      while (offset < buffered.length && offset <= 4) {
        const byte = buffered[offset++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || buffered.length < offset + length) return;
      onPacket(buffered[0]!, buffered.subarray(offset, offset + length));
      buffered = buffered.subarray(offset + length);
    }
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      connack = () => {
        socket.off('error', reject);
        resolve();
      };
      const variableHeader = Buffer.concat([
        utf8String('MQTT'),
        Buffer.from([4, 0x02, 0, 60]), // level 4 (3.1.1), clean session, keep-alive 60 s
      ]);
      socket.write(packet(CONNECT, Buffer.concat([variableHeader, utf8String(options.clientId)])));
    });
  });

  return {
    subscribe(topic) {
      const id = nextPacketId++;
      const packetId = Buffer.alloc(2);
      packetId.writeUInt16BE(id);
      return new Promise<void>((resolve) => {
        subacks.set(id, resolve);
        socket.write(packet(SUBSCRIBE, Buffer.concat([packetId, utf8String(topic), Buffer.from([0])])));
      });
    },
    publish(topic, payload) {
      const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
      socket.write(packet(PUBLISH, Buffer.concat([utf8String(topic), bytes])));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    close() {
      return new Promise<void>((resolve) => {
        socket.end(Buffer.from([DISCONNECT, 0]), () => resolve());
        socket.once('close', () => resolve());
      });
    },
  };
}
