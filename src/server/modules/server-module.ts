import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChannelSenders } from '../adapters/channels';
import type { JobHandler } from '../scheduler/jobs';

/**
 * The one module contract. Each `modules/<domain>/module.ts` exports one factory that takes exactly the
 * adapters and platform pieces the module uses and returns this; `app.ts` registers every module the same way.
 * See docs/ARCHITECTURE.md ("Adding a module") for an example.
 */
export type ServerModule = {
  /** The domain's name, as its folder is called. */
  readonly name: string;
  /** The module's HTTP routes. Every route states its `config.access` (http/access.ts). */
  readonly routes?: FastifyPluginAsyncZod;
  /** The job kinds this module handles (scheduler/jobs.ts), e.g. alert deliveries or a periodic chore. */
  readonly jobs?: ReadonlyArray<JobHandler<unknown>>;
  /** Delivery channels this module sends through (adapters/channels.ts), e.g. `push`. */
  readonly channels?: ChannelSenders;
};
