/**
 * The contracts of an alert's life (src/shared/alert-life.ts): its responses and its timeline, as GET
 * /api/alerts/:id answers them and the `alert.progress` realtime event carries them; the body of a response.
 */
import { z } from 'zod';
import {
  ALERT_RESPONSES,
  ALERT_STATES,
  CALL_OUTCOMES,
  CHOSEN_RESPONSES,
  ESCALATION_STEPS,
  RESPONDER_KINDS,
  TIMELINE_KINDS,
} from '../alert-life';
import { ALERT_LIFE_TEXTS } from '../alert-life-texts';
import { IdSchema, TimestampSchema } from './common';

export const AlertStateSchema = z.enum(ALERT_STATES);
export const AlertResponseKindSchema = z.enum(ALERT_RESPONSES);
export const ResponderKindSchema = z.enum(RESPONDER_KINDS);

/** Someone answered the alert. One per responder: a later answer replaces their earlier one. */
export const AlertResponseSchema = z.object({
  id: IdSchema,
  alert_id: IdSchema,
  responder_kind: ResponderKindSchema,
  /** The guardian's or the contact's name as the person knows them. */
  responder_name: z.string(),
  response: AlertResponseKindSchema,
  responded_at: TimestampSchema,
});
export type AlertResponse = z.infer<typeof AlertResponseSchema>;

/** One entry of an alert's timeline: who did what, when. Fields that do not apply to a kind are null. */
export const AlertTimelineEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: TimestampSchema,
  /** Who: the responder (`responded`), the contact called (`call_outcome`), else null (the person, the server). */
  actor_name: z.string().nullable(),
  response: AlertResponseKindSchema.nullable(),
  escalation_step: z.enum(ESCALATION_STEPS).nullable(),
  /** The escalation round a step belongs to (1 for the first). */
  round: z.int().min(1).nullable(),
  call_outcome: z.enum(CALL_OUTCOMES).nullable(),
});
export type AlertTimelineEntry = z.infer<typeof AlertTimelineEntrySchema>;

/** POST /api/wards/alerts/:id/respond and the contact's responder page: what the responder says. */
export const RespondRequestSchema = z.object({
  response: z.enum(CHOSEN_RESPONSES, { error: ALERT_LIFE_TEXTS.invalidResponse }),
});
export type RespondRequest = z.infer<typeof RespondRequestSchema>;

/**
 * What a guardian or a contact may answer from their screen: the chosen answers, or `acknowledged` ("I got it"),
 * the answer to a drill (docs/decisions/045-safety-network-drill.md).
 */
export const AnswerRequestSchema = z.object({
  response: z.enum(ALERT_RESPONSES, { error: ALERT_LIFE_TEXTS.invalidResponse }),
});
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

/**
 * The `alert.progress` realtime event (to the person and their active guardians): a timeline entry was added;
 * the alert's state and every response as they now stand, so a screen replaces what it showed.
 */
export const AlertProgressSchema = z.object({
  alert_id: IdSchema,
  state: AlertStateSchema,
  entry: AlertTimelineEntrySchema,
  responses: z.array(AlertResponseSchema),
});
export type AlertProgress = z.infer<typeof AlertProgressSchema>;
