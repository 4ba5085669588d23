/**
 * Publishing: an event is stored (`realtime_events`, for catch-up), delivered to this instance's sockets and
 * broadcast on the bus so every other instance delivers it to theirs, all after the publisher has moved on.
 * One subject's events are stored and delivered in the order they were published (a delivery update never
 * overtakes the alert it belongs to); different people's events never wait for each other.
 *
 * Each subject has a queue. While one statement stores their events, the next ones wait; then everything that
 * waited is stored in one statement (up to `MAX_BATCH`), delivered in order and broadcast. A burst of one ward's
 * positions therefore costs a few round trips, not one each, and still no event is delivered before it is
 * stored: a client that resumes after an event's id finds every earlier one in the table (decision 049).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { RealtimeBus } from './bus';
import type { PublishRequest, RealtimeAudience } from './publisher';
import { insertEvents, type NewEvent } from './repository';
import type { Routing } from './routing';

/** Events of one subject stored in one statement at most (a bound on the statement's size). */
export const MAX_BATCH = 100;

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
  /** Each subject's events waiting to be stored; a subject is in the map while its queue is being worked off. */
  const queues = new Map<string, Waiting[]>();

  const storeAndDeliver = async (userId: string, batch: readonly Waiting[]): Promise<void> => {
    let events: RealtimeEvent[];
    try {
      events = await insertEvents(db, userId, batch);
    } catch (error) {
      log.error({ err: error, types: batch.map((item) => item.type) }, 'realtime publish failed');
      for (const item of batch) item.resolve(null);
      return;
    }
    const sent = events.map((event, i) => {
      const audience: RealtimeAudience = batch[i]!.audience;
      routing.deliver(event, audience);
      deps.heard?.(event);
      // Issued in order without waiting: the bus keeps one connection's messages in order.
      return bus.broadcast({ event, audience }).catch((error: unknown) => {
        log.warn({ err: error }, 'realtime broadcast failed; other instances catch up on reconnect');
      });
    });
    await Promise.all(sent);
    events.forEach((event, i) => batch[i]!.resolve(event));
  };

  const workOff = async (userId: string, queue: Waiting[]): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await storeAndDeliver(userId, batch);
      } catch (error) {
        // A socket that threw must not leave the subject's queue stuck: answer what is left (a promise settles once).
        log.error({ err: error }, 'realtime delivery failed');
        for (const item of batch) item.resolve(null);
      }
    }
    queues.delete(userId);
  };

  return (request) => {
    const audience = request.audience ?? 'subject_and_guardians';
    // Before anything else: an event published after this one must already see the new relationship.
    if (request.type === 'relationship.updated') routing.noteRelationship(request.userId, request.payload);
    // The event's time is when it was published, not when it is stored behind earlier ones: a guardian approved
    // in between must not see it (catch-up compares it with the approval).
    const publishedAt = clock.now();
    return new Promise<RealtimeEvent | null>((resolve) => {
      const item: Waiting = {
        type: request.type,
        audience,
        payload: request.payload,
        now: publishedAt,
        resolve,
      };
      const queue = queues.get(request.userId);
      if (queue) {
        queue.push(item);
        return;
      }
      const fresh = [item];
      queues.set(request.userId, fresh);
      // Never rejects: storeAndDeliver answers failures with null.
      void workOff(request.userId, fresh);
    });
  };
}
