import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPriorityGate, type PriorityGate } from '../db/priority-gate';

/**
 * The SOS never queues behind other traffic in this process: at most `capacity` API requests that are not
 * `urgent` are worked on at once, and the others wait, idle, for a slot. Without it, dozens of location uploads
 * in flight interleave their every step with an SOS's on the one event loop, and the SOS takes as long as an
 * upload. Urgent routes (raising an SOS: `config.urgent`) never wait here, and also get the database capacity
 * reserved for them (db/database.ts). WebSocket upgrades are long-lived and hold no slot.
 *
 * Registered before the access hook, so even checking a waiting request's token waits for its slot.
 */
export function registerAdmission(app: FastifyInstance, capacity: number): PriorityGate['load'] {
  const gate = createPriorityGate(capacity);
  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest): void => {
    releases.get(request)?.();
    releases.delete(request);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!needsSlot(request)) return;
    const done = await gate.acquire(false);
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

function needsSlot(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  if (request.routeOptions.config.urgent === true) return false;
  return request.headers.upgrade?.toLowerCase() !== 'websocket';
}
