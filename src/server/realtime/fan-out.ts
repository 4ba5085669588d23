/**
 * Publishing: an event is stored (`realtime_events`, for catch-up), delivered to this instance's sockets and
 * broadcast on the bus so every other instance delivers it to theirs, all after the publisher has moved on.
 * Events are stored and delivered in the order they were published (a delivery update never overtakes the alert
 * it belongs to).
 *
 * One queue for the instance. While one statement stores events, the next ones wait; then everything that waited,
 * whoever it is about, is stored in one statement (up to `MAX_BATCH`), delivered in order and broadcast. A lone
 * event is stored at once; under load (many phones uploading positions) a few statements store what would have
 * been one statement per event, so an event waits behind one statement at most. No event is delivered before it
 * is stored: a client that resumes after an event's id finds every earlier one in the table (decision 049). When
 * a statement fails, each person's events in it are stored again on their own, so one person's event that cannot
 * be stored (their account deleted a moment before) does not cost anyone else theirs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { RealtimeBus } from './bus';
import type { PublishRequest } from './publisher';
import { insertEvents, type NewEvent } from './repository';
import type { Routing } from './routing';

/** Events stored in one statement at most (a bound on the statement's size). */
export const MAX_BATCH = 200;

export type FanOutDeps = {
  db: Queryable;
  clock: Clock;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  routing: Routing;
  /** This instance's listeners (hub.ts `onEvent`), told of each event once it is stored. */
  heard?: (event: RealtimeEvent) => void;
};

type Waiting = NewEvent & { resolve: (event: RealtimeEvent | null) => void };

/** Returns `publish`: stores, delivers and broadcasts one event; answers it, or null when storing failed. */
export function createFanOut(deps: FanOutDeps): (request: PublishRequest) => Promise<RealtimeEvent | null> {
  const { db, clock, log, bus, routing } = deps;
  const waiting: Waiting[] = [];
  let storing = false;

  /** The batch's events as stored, in its order; null for each one that could not be. */
  const store = async (batch: readonly Waiting[]): Promise<Array<RealtimeEvent | null>> => {
    try {
      return await insertEvents(db, batch);
    } catch (error) {
      const people = [...new Set(batch.map((item) => item.userId))];
      if (people.length === 1) {
        log.error({ err: error, types: batch.map((item) => item.type) }, 'realtime publish failed');
        return batch.map(() => null);
      }
      const stored: Array<RealtimeEvent | null> = batch.map(() => null);
      for (const person of people) {
        const positions = batch.flatMap((item, i) => (item.userId === person ? [i] : []));
        const own = await store(positions.map((i) => batch[i]!));
        positions.forEach((position, k) => {
          stored[position] = own[k] ?? null;
        });
      }
      return stored;
    }
  };

  const deliver = (batch: readonly Waiting[], events: ReadonlyArray<RealtimeEvent | null>): void => {
    events.forEach((event, i) => {
      const item = batch[i]!;
      if (!event) return item.resolve(null);
      routing.deliver(event, item.audience);
      deps.heard?.(event);
      // Issued in order without waiting: the bus keeps one connection's messages in order.
      void bus
        .broadcast({ event, audience: item.audience })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'realtime broadcast failed; other instances catch up on reconnect');
        })
        .then(() => item.resolve(event));
    });
  };

  const workOff = async (): Promise<void> => {
    storing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      try {
        deliver(batch, await store(batch));
      } catch (error) {
        // A socket that threw must not leave the queue stuck: answer what is left (a promise settles once).
        log.error({ err: error }, 'realtime delivery failed');
        for (const item of batch) item.resolve(null);
      }
    }
    storing = false;
  };

  return (request) => {
    const audience = request.audience ?? 'subject_and_guardians';
    // Before anything else: an event published after this one must already see the new relationship.
    if (request.type === 'relationship.updated') routing.noteRelationship(request.userId, request.payload);
    // The event's time is when it was published, not when it is stored behind earlier ones: a guardian approved
    // in between must not see it (catch-up compares it with the approval).
    const publishedAt = clock.now();
    return new Promise<RealtimeEvent | null>((resolve) => {
      waiting.push({
        userId: request.userId,
        type: request.type,
        audience,
        payload: request.payload,
        now: publishedAt,
        resolve,
      });
      // Never rejects: store answers failures with null, and workOff catches what delivering throws.
      if (!storing) void workOff();
    });
  };
}
