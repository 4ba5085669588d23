/**
 * Publishing: an event is stored (`realtime_events`, for catch-up), delivered to this instance's sockets and
 * broadcast on the bus so every other instance delivers it to theirs, all after the publisher has moved on.
 * One subject's events are stored and delivered in the order they were published (a delivery update never
 * overtakes the alert it belongs to); different people's events never wait for each other.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '#shared/schemas/realtime';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { RealtimeBus } from './bus';
import type { PublishRequest } from './publisher';
import { insertEvent } from './repository';
import type { Routing } from './routing';

export type FanOutDeps = {
  db: Queryable;
  clock: Clock;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  routing: Routing;
  /** This instance's listeners (hub.ts `onEvent`), told of each event once it is stored. */
  heard?: (event: RealtimeEvent) => void;
};

/** Returns `publish`: stores, delivers and broadcasts one event; answers it, or null when storing failed. */
export function createFanOut(deps: FanOutDeps): (request: PublishRequest) => Promise<RealtimeEvent | null> {
  const { db, clock, log, bus, routing } = deps;
  /** The last publish of each subject: the next one of the same subject waits for it. */
  const bySubject = new Map<string, Promise<RealtimeEvent | null>>();

  return (request) => {
    const audience = request.audience ?? 'subject_and_guardians';
    // Before anything else: an event published after this one must already see the new relationship.
    if (request.type === 'relationship.updated') routing.noteRelationship(request.userId, request.payload);
    // The event's time is when it was published, not when it is stored behind earlier ones: a guardian approved
    // in between must not see it (catch-up compares it with the approval).
    const publishedAt = clock.now();
    const previous = bySubject.get(request.userId) ?? Promise.resolve(null);
    const work = previous.then(async (): Promise<RealtimeEvent | null> => {
      try {
        const event = await insertEvent(db, { ...request, audience, now: publishedAt });
        routing.deliver(event, audience);
        deps.heard?.(event);
        await bus.broadcast({ event, audience }).catch((error: unknown) => {
          log.warn({ err: error }, 'realtime broadcast failed; other instances catch up on reconnect');
        });
        return event;
      } catch (error) {
        log.error({ err: error, type: request.type }, 'realtime publish failed');
        return null;
      }
    });
    bySubject.set(request.userId, work);
    void work.finally(() => {
      if (bySubject.get(request.userId) === work) bySubject.delete(request.userId);
    });
    return work;
  };
}
