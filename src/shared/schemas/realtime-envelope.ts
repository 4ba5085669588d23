/**
 * The shape every realtime message has, without the payloads: what the phone's connection reads first
 * (lib/realtime/realtime-connection.ts). The payload schemas (realtime.ts) are parsed by the code that applies
 * an event, which loads with the first event, so they stay out of the first download (README, "Bundle budget").
 */
import { z } from 'zod';
import { IdSchema } from './common';

/** An event as it arrives: its payload is checked against its type's schema where it is applied. */
export const RealtimeEnvelopeSchema = z.object({
  id: z.int().positive(),
  type: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  payload: z.unknown(),
});
export type RealtimeEnvelope = z.infer<typeof RealtimeEnvelopeSchema>;

/** Control messages from the server. */
export const RealtimeControlSchema = z.discriminatedUnion('type', [
  /** Authenticated. `last_event_id` is the newest event id now: a fresh client keeps it as its `since`. */
  z.object({ type: z.literal('ready'), user_id: IdSchema, last_event_id: z.int().min(0) }),
  /** A catch-up finished. `truncated`: more was missed than one catch-up replays; reload state over HTTP. */
  z.object({ type: z.literal('resumed'), last_event_id: z.number(), truncated: z.boolean() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RealtimeControl = z.infer<typeof RealtimeControlSchema>;
