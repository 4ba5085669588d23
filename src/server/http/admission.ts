import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPriorityGate, type PriorityGate } from '../db/priority-gate';

/**
 * The SOS never queues behind other traffic in this process: at most `capacity` API requests that are not
 * `urgent` are worked on at once, and the others wait, idle, for a slot. Without it, dozens of location uploads
 * in flight interleave their every step with an SOS's on the one event loop, and the SOS takes as long as an
 * upload. Urgent routes (raising an SOS: `config.urgent`) never wait here, and also get the database capacity
 * reserved for them (db/database.ts). While an SOS is being handled no ordinary request starts (what already
 * runs finishes), so the event loop is the SOS's own; ordinary traffic slows but never stops: after
 * `URGENT_PAUSE_LIMIT_MS` of SOS handling without a break it gets one slot again, so even a stream of SOS (or
 * one SOS waiting on a slow SMS provider) cannot starve it. WebSocket upgrades are long-lived and hold no slot.
 *
 * Registered before the access hook, so even checking a waiting request's token waits for its slot.
 */
export function registerAdmission(app: FastifyInstance, capacity: number): PriorityGate['load'] {
  const admission = createAdmissionGate(capacity);
  const releases = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest): void => {
    releases.get(request)?.();
    releases.delete(request);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRequest(request)) return;
    const done = isUrgent(request) ? admission.urgentStarted() : await admission.acquire();
    releases.set(request, done);
    // However the exchange ends (answered, failed, or the client went away, even while waiting), the slot is
    // given back: the response's `close` always comes, and `release` is harmless when called twice.
    if (reply.raw.closed || request.raw.destroyed) release(request);
    else reply.raw.once('close', () => release(request));
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  app.addHook('onClose', async () => admission.close());
  return admission.load;
}

/**
 * How long ordinary requests are held back, at most, while SOS requests are handled without a break. An SOS
 * normally takes tens of milliseconds; one waiting on a slow provider, or a stream of them, must not stop
 * everything else for longer than this.
 */
export const URGENT_PAUSE_LIMIT_MS = 1000;

export type AdmissionGate = {
  /** Waits for a slot for an ordinary request; call the returned function when it is done. */
  acquire(): Promise<() => void>;
  /** Marks an urgent request as being handled (it never waits); call the returned function when it is done. */
  urgentStarted(): () => void;
  load: PriorityGate['load'];
  close(): void;
};

/** The admission rule, apart from HTTP: `capacity` ordinary slots, none while an SOS is handled (for a while). */
export function createAdmissionGate(capacity: number): AdmissionGate {
  const gate = createPriorityGate(capacity);
  let urgentInProgress = 0;
  let pauseLimit: ReturnType<typeof setTimeout> | undefined;

  const endPause = (): void => {
    clearTimeout(pauseLimit);
    pauseLimit = undefined;
  };
  const urgentStarted = (): (() => void) => {
    if (++urgentInProgress === 1) {
      gate.setCapacity(0);
      pauseLimit = setTimeout(() => {
        pauseLimit = undefined;
        gate.setCapacity(1);
      }, URGENT_PAUSE_LIMIT_MS);
      pauseLimit.unref();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--urgentInProgress > 0) return;
      endPause();
      gate.setCapacity(capacity);
    };
  };
  return { acquire: () => gate.acquire(false), urgentStarted, load: () => gate.load(), close: endPause };
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && request.headers.upgrade?.toLowerCase() !== 'websocket';
}

function isUrgent(request: FastifyRequest): boolean {
  return request.routeOptions.config.urgent === true;
}
