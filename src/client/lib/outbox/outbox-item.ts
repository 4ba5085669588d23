import type { z } from 'zod';

/**
 * One piece of offline work waiting in the outbox: an SOS, a location reading, a piece of a recording.
 * `id` is stable for the item's whole life (an alert's Idempotency-Key), so queuing it again adds nothing.
 */
export type OutboxItem<P> = {
  /** Which kind of work (the kind's `name`). */
  kind: string;
  id: string;
  /** Whose work it is: only while this person is signed in may it be sent. */
  ownerId: string;
  payload: P;
  /** Epoch ms on this device's clock: when the work was queued (items are sent oldest first). */
  createdAt: number;
  /** Failed attempts that may succeed later. */
  attempts: number;
  /** Epoch ms: when the retry rule next tries this item on its own. */
  nextAttemptAt: number;
  /** Explicit sign-out deletes it (a shared phone must not keep the previous person's positions). */
  discardOnSignOut: boolean;
};

/** How one kind of work is sent. The outbox decides when; the kind decides how and what a failure means. */
export type OutboxKind<P, R = unknown> = {
  name: string;
  /** Stored payloads are parsed on the way out: a corrupt item is dropped instead of blocking the others. */
  schema: z.ZodType<P>;
  /** Items per send (oldest first). */
  batchSize: number;
  /** At most this many waiting per person; the oldest are dropped beyond it. */
  maxItems?: number;
  discardOnSignOut: boolean;
  /** Resolves once the server confirmed the batch; rejects otherwise. */
  send(items: ReadonlyArray<OutboxItem<P>>): Promise<R>;
  /** True when the server refused the batch for good (retrying cannot help): the batch is dropped. */
  isPermanentFailure(error: unknown): boolean;
};

/** What happened to a batch, told once, by the tab that sent it. */
export type OutboxOutcome<P, R = unknown> =
  | { status: 'sent'; items: ReadonlyArray<OutboxItem<P>>; result: R }
  | { status: 'dropped'; items: ReadonlyArray<OutboxItem<P>>; error: unknown }
  | { status: 'retrying'; items: ReadonlyArray<OutboxItem<P>>; error: unknown };
