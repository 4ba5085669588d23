import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import { createPriorityGate, type PriorityGate } from '../db/priority-gate';
import { AppError } from './app-error';

/**
 * Which API request the server works on when. Why: docs/decisions/006-urgent-db-lane.md (the SOS's reserve) and
 * docs/decisions/024-slow-clients-and-proxies.md (slow clients, priority, per-address bounds).
 *
 * - **A slot only for work.** At most `capacity` ordinary API requests are worked on at once; the others wait,
 *   idle. A request takes its slot once its whole body has arrived (before validation) and gives it back as soon
 *   as its answer is ready (before it is written): a client that sends slowly or reads slowly holds a connection,
 *   never a slot. Everything that touches the database happens inside the slot, the session check of a signed-in
 *   route included (http/access.ts); before it, only the token's signature is checked.
 * - **The SOS first.** Urgent routes (`config.urgent`: raising an SOS) never wait, and while one is being
 *   handled no other request starts (what already runs finishes), so the event loop is the SOS's own; after
 *   `URGENT_PAUSE_LIMIT_MS` of SOS handling without a break, each lane gets one slot again, so even a stream of
 *   SOS (or one SOS waiting on a slow SMS provider) cannot starve the rest.
 * - **Priority.** `config.priority` routes (the health check; a person's own check-in, arrival, stop, added time)
 *   have slots of their own, `PRIORITY_CAPACITY`, so they never wait behind other people's uploads; they hold
 *   nothing else back.
 * - **Bounds per client.** An address (IPv6: its /64) may have `maxInFlightPerAddress` ordinary requests in
 *   flight, from their arrival to the end of their answer; one more answers 429 at once. Priority and urgent
 *   requests are never refused for their address, so another client behind the same one (a shared NAT) cannot
 *   get a person's SOS, journey actions or health check refused: a person's own journey actions are counted per
 *   account instead (`PRIORITY_IN_FLIGHT_PER_ACCOUNT`); the health check has no body and a tiny answer, so it
 *   cannot be held open past the headers time-out; the SOS is not counted at all.
 * - **Media.** `config.media` routes (a recording's pieces arriving, its media stream) have a lane of their own,
 *   `mediaCapacity` slots, so a phone uploading or a guardian watching never holds a slot an ordinary request, a
 *   journey action or the SOS needs, and a burst of uploads never queues behind (or in front of) them. A piece's
 *   body streams to storage from the handler (it is never buffered first), so an upload holds its media slot while
 *   it arrives, bounded by the request time-out; a media stream, like every answer, gives its slot back once it is
 *   ready to be written (its stream handed over), so watching a recording for minutes holds no slot at all. Signed-in media
 *   requests are counted per account (`MEDIA_IN_FLIGHT_PER_ACCOUNT`), not per address, so nobody behind the same
 *   address can get a person's uploads refused; public ones (a signed media URL) per address like the rest.
 * - **Receipt time.** Every request is stamped with the app clock's time when its headers arrived
 *   (`request.receivedAt`): a journey action counts from then, not from when its turn came.
 *
 * WebSocket upgrades are long-lived and neither counted nor admitted.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** When the server received this request (its headers had arrived), by the app's clock. */
    receivedAt: Date;
  }
}

/**
 * How long ordinary requests are held back, at most, while SOS requests are handled without a break. An SOS
 * normally takes tens of milliseconds; one waiting on a slow provider, or a stream of them, must not stop
 * everything else for longer than this.
 */
export const URGENT_PAUSE_LIMIT_MS = 1000;

/** Slots of the priority lane, beside the ordinary ones. Its work is a read or one small transaction. */
export const PRIORITY_CAPACITY = 2;

/** A person's own journey actions in flight at once. The phone sends them one at a time. */
export const PRIORITY_IN_FLIGHT_PER_ACCOUNT = 4;

/** A person's own media requests (recording pieces) in flight at once: the phone sends a piece a second. */
export const MEDIA_IN_FLIGHT_PER_ACCOUNT = 6;

/** Retry-After of a request refused for too many in flight: those finish, or time out, within seconds. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

export type AdmissionOptions = {
  /** Ordinary API requests worked on at once (HTTP_CONCURRENCY). */
  capacity: number;
  /** Ordinary API requests one client address may have in flight (HTTP_MAX_IN_FLIGHT_PER_ADDRESS). */
  maxInFlightPerAddress: number;
  /** Media requests worked on at once (HTTP_MEDIA_CONCURRENCY). */
  mediaCapacity: number;
  /** The app's clock, for `receivedAt`. */
  clock: Clock;
};

type Lane = 'urgent' | 'priority' | 'ordinary' | 'media';

/**
 * API requests as admission sees them: `running` and `waiting` for a slot (both lanes), and `arriving`: past the
 * access hook, their body still coming.
 */
export type AdmissionLoad = { running: number; waiting: number; arriving: number };

/** Installs the admission hooks (before the access hook); returns a reader of the load. */
export function registerAdmission(app: FastifyInstance, options: AdmissionOptions): () => AdmissionLoad {
  const admission = createAdmissionGate(options.capacity, PRIORITY_CAPACITY, options.mediaCapacity);
  const perAddress = createInFlightCounter(options.maxInFlightPerAddress);
  const perAccount = createInFlightCounter(PRIORITY_IN_FLIGHT_PER_ACCOUNT);
  const mediaPerAccount = createInFlightCounter(MEDIA_IN_FLIGHT_PER_ACCOUNT);
  const arriving = createInFlightCounter(Infinity);
  const lanes = new WeakMap<FastifyRequest, Lane>();
  const arrivals = new WeakMap<FastifyRequest, () => void>();
  const slots = new WeakMap<FastifyRequest, () => void>();
  const giveBackSlot = (request: FastifyRequest): void => slots.get(request)?.();

  // Set by the first hook of every request below; Fastify wants the decoration's slot declared up front.
  app.decorateRequest('receivedAt', null as unknown as Date);
  app.addHook('onRequest', async (request, reply) => {
    request.receivedAt = options.clock.now();
    const lane = laneOf(request);
    if (!lane) return;
    lanes.set(request, lane);
    const signedIn = request.routeOptions.config.access === 'signed-in';
    if (lane === 'ordinary' || (lane === 'media' && !signedIn)) {
      count(perAddress, addressGroup(request.ip), reply);
    }
  });
  // After the access hook (the caller is who the token says), before the body is read.
  app.addHook('preParsing', async (request, reply) => {
    const lane = lanes.get(request);
    if (!lane) return;
    if (lane === 'priority' && request.auth) count(perAccount, request.auth.userId, reply);
    if (lane === 'media' && request.auth) count(mediaPerAccount, request.auth.userId, reply);
    arrivals.set(request, count(arriving, '', reply));
  });
  // The whole request has arrived: its turn.
  app.addHook('preValidation', async (request, reply) => {
    const lane = lanes.get(request);
    if (!lane) return;
    arrivals.get(request)?.();
    slots.set(request, lane === 'urgent' ? admission.urgentStarted() : await admission.acquire(lane));
    // However the exchange ends (answered, failed, or the client went away, even while waiting), the slot is
    // given back; giving it back twice is harmless.
    whenOver(reply, () => giveBackSlot(request));
  });
  app.addHook('onSend', async (request) => giveBackSlot(request));
  app.addHook('onRequestAbort', async (request) => giveBackSlot(request));
  app.addHook('onClose', async () => admission.close());
  return () => ({ ...admission.load(), arriving: arriving.total() });
}

/**
 * Counts the request against `key` until its exchange is over (or the returned function is called); past the
 * limit, refuses it with 429.
 */
function count(counter: InFlightCounter, key: string, reply: FastifyReply): () => void {
  const leave = counter.enter(key);
  if (!leave) {
    throw new AppError('rate_limited', ERRORS.tooManyRequests, {
      headers: { 'retry-after': String(IN_FLIGHT_RETRY_AFTER_SECONDS) },
    });
  }
  whenOver(reply, leave);
  return leave;
}

/** Runs `done` once the exchange is over: the answer was sent, or the connection closed. */
function whenOver(reply: FastifyReply, done: () => void): void {
  if (reply.raw.closed || reply.raw.socket?.destroyed === true) {
    done();
    return;
  }
  // `close` comes for every response, answered or cut off.
  reply.raw.once('close', done);
}

function laneOf(request: FastifyRequest): Lane | null {
  if (!request.url.startsWith('/api/') || request.headers.upgrade?.toLowerCase() === 'websocket') return null;
  const config = request.routeOptions.config;
  if (config.urgent === true) return 'urgent';
  if (config.media === true) return 'media';
  return config.priority === true ? 'priority' : 'ordinary';
}

type InFlightCounter = {
  /** Counts one more for `key`; null when it has `limit` already. Call the returned function once it is over. */
  enter(key: string): (() => void) | null;
  /** All keys together. */
  total(): number;
};

function createInFlightCounter(limit: number): InFlightCounter {
  const counts = new Map<string, number>();
  return {
    total: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    enter(key) {
      const current = counts.get(key) ?? 0;
      if (current >= limit) return null;
      counts.set(key, current + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (counts.get(key) ?? 1) - 1;
        if (remaining > 0) counts.set(key, remaining);
        else counts.delete(key);
      };
    },
  };
}

/**
 * What counts as one client address: an IPv4 address (also IPv4-mapped IPv6), or the /64 an IPv6 address is in —
 * one subscriber usually holds a whole /64, so counting single IPv6 addresses would count nothing.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:/i.test(address) ? address.slice('::ffff:'.length) : address;
  if (isIP(mapped) === 4) return mapped;
  const bare = address.split('%')[0] ?? '';
  if (isIP(bare) !== 6) return address;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in hexadecimal without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string | undefined): string[] =>
    text ? text.split(':').flatMap((group) => (group.includes('.') ? ipv4AsGroups(group) : [group])) : [];
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

function ipv4AsGroups(ipv4: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

export type AdmissionGate = {
  /** Waits for a slot of the lane; call the returned function when the request's work is done. */
  acquire(lane: 'ordinary' | 'priority' | 'media'): Promise<() => void>;
  /** Marks an urgent request as being handled (it never waits); call the returned function when it is done. */
  urgentStarted(): () => void;
  /** Requests working and waiting, both lanes together. */
  load: PriorityGate['load'];
  close(): void;
};

/** Media slots when none are configured (HTTP_MEDIA_CONCURRENCY's default). */
export const DEFAULT_MEDIA_CAPACITY = 8;

/**
 * The admission rule, apart from HTTP: `capacity` ordinary slots, `priorityCapacity` priority slots and
 * `mediaCapacity` media slots, none while an SOS is handled (for a while).
 */
export function createAdmissionGate(
  capacity: number,
  priorityCapacity = PRIORITY_CAPACITY,
  mediaCapacity = DEFAULT_MEDIA_CAPACITY,
): AdmissionGate {
  const lanes = {
    ordinary: createPriorityGate(capacity),
    priority: createPriorityGate(priorityCapacity),
    media: createPriorityGate(mediaCapacity),
  };
  const setCapacities = (ordinary: number, priority: number, media: number): void => {
    lanes.ordinary.setCapacity(ordinary);
    lanes.priority.setCapacity(priority);
    lanes.media.setCapacity(media);
  };
  let urgentInProgress = 0;
  let pauseLimit: ReturnType<typeof setTimeout> | undefined;

  const endPause = (): void => {
    clearTimeout(pauseLimit);
    pauseLimit = undefined;
  };
  const urgentStarted = (): (() => void) => {
    if (++urgentInProgress === 1) {
      setCapacities(0, 0, 0);
      pauseLimit = setTimeout(() => {
        pauseLimit = undefined;
        setCapacities(1, 1, 1);
      }, URGENT_PAUSE_LIMIT_MS);
      pauseLimit.unref();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--urgentInProgress > 0) return;
      endPause();
      setCapacities(capacity, priorityCapacity, mediaCapacity);
    };
  };
  const load = (): { running: number; waiting: number } => {
    const all = [lanes.ordinary.load(), lanes.priority.load(), lanes.media.load()];
    return {
      running: all.reduce((sum, lane) => sum + lane.running, 0),
      waiting: all.reduce((sum, lane) => sum + lane.waiting, 0),
    };
  };
  return { acquire: (lane) => lanes[lane].acquire(false), urgentStarted, load, close: endPause };
}
