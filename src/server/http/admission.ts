import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPriorityGate, type PriorityGate } from '../db/priority-gate';

/**
 * The SOS never queues behind other traffic in this process: at most `capacity` API requests that are not
 * `urgent` are worked on at once, and the others wait, idle, for a slot. Without it, dozens of location uploads
 * in flight interleave their every step with an SOS's on the one event loop, and the SOS takes as long as an
 * upload. Urgent routes (raising an SOS: `config.urgent`) never wait here, and also get the database capacity
 * reserved for them (db/database.ts). While any urgent request is being handled, ordinary requests get a single
 * slot, so the event loop is nearly the SOS's own; ordinary traffic slows but never stops, even under a stream
 * of SOS. WebSocket upgrades are long-lived and hold no slot.
 *
 * Registered before the access hook, so even checking a waiting request's token waits for its slot.
 */
export function registerAdmission(app: FastifyInstance, capacity: number): PriorityGate['load'] {
  const gate = createPriorityGate(capacity);
  const releases = new WeakMap<FastifyRequest, () => void>();
  let urgentInProgress = 0;
  const urgentStarted = (): (() => void) => {
    if (++urgentInProgress === 1) gate.setCapacity(Math.min(capacity, URGENT_TIME_CAPACITY));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--urgentInProgress === 0) gate.setCapacity(capacity);
    };
  };
  const release = (request: FastifyRequest): void => {
    releases.get(request)?.();
    releases.delete(request);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRequest(request)) return;
    const done = isUrgent(request) ? urgentStarted() : await gate.acquire(false);
    releases.set(request, done);
    // However the exchange ends (answered, failed, or the client went away, even while waiting), the slot is
    // given back: the response's `close` always comes, and `release` is harmless when called twice.
    if (reply.raw.closed || request.raw.destroyed) release(request);
    else reply.raw.once('close', () => release(request));
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  return () => gate.load();
}

/** Ordinary requests worked on at once while an SOS is being handled. */
const URGENT_TIME_CAPACITY = 1;

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && request.headers.upgrade?.toLowerCase() !== 'websocket';
}

function isUrgent(request: FastifyRequest): boolean {
  return request.routeOptions.config.urgent === true;
}
