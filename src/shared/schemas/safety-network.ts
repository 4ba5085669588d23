/**
 * "Test my safety network" (docs/decisions/045-safety-network-drill.md): GET /api/safety-network (who can be
 * reached), POST /api/safety-network/drills (start a drill), GET /api/safety-network/drills/:id (its progress) and
 * POST /api/safety-network/drills/:id/end.
 */
import { z } from 'zod';
import { ALERT_RESPONSES } from '../alert-life';
import { AlertDeliveryStatusSchema, HeldReasonSchema } from './alert';
import { IdSchema, TimestampSchema } from './common';
import { TextFailureSchema } from './text-failure';

/** One contact as the safety network sees them: whether a text can reach them. */
export const NetworkContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The number can take a text (a real number, neither premium-rate nor shared-cost). */
  textable: z.boolean(),
  /** Texts to their number keep failing; null when not. */
  text_failure: TextFailureSchema.nullable(),
  reachable: z.boolean(),
});
export type NetworkContact = z.infer<typeof NetworkContactSchema>;

/** One active guardian: they see an alert in Beacon; `push` when a browser of theirs takes notifications. */
export const NetworkGuardianSchema = z.object({ id: IdSchema, name: z.string(), push: z.boolean() });
export type NetworkGuardian = z.infer<typeof NetworkGuardianSchema>;

export const SafetyNetworkSchema = z.object({
  contacts: z.array(NetworkContactSchema),
  guardians: z.array(NetworkGuardianSchema),
  /** How many people an alert can reach now: reachable contacts plus active guardians. */
  reachable: z.int().min(0),
  /** Fewer than SAFETY_NETWORK.reachableAtLeast can be reached: the screen warns. */
  too_few: z.boolean(),
  /** Drills left in the current window (DRILL.perWindow). */
  drills_left: z.int().min(0),
});
export type SafetyNetwork = z.infer<typeof SafetyNetworkSchema>;

/** One person the drill tried to reach, and how far it got. */
export const DrillRecipientSchema = z.object({
  kind: z.enum(['contact', 'guardian']),
  name: z.string(),
  /** `sms` for a contact, `push` for a guardian with a browser subscribed; null: a guardian with none (realtime only). */
  channel: z.enum(['sms', 'push']).nullable(),
  /** The delivery's real status; null when nothing was sent (a guardian without push). */
  status: AlertDeliveryStatusSchema.nullable(),
  last_error: z.string().nullable(),
  held_reason: HeldReasonSchema.nullable(),
  sent_at: TimestampSchema.nullable(),
  /** Their answer, once they gave one. */
  response: z.enum(ALERT_RESPONSES).nullable(),
  responded_at: TimestampSchema.nullable(),
});
export type DrillRecipient = z.infer<typeof DrillRecipientSchema>;

export const DrillSchema = z.object({
  id: IdSchema,
  started_at: TimestampSchema,
  /** When it ends by itself if nobody ends it. */
  ends_at: TimestampSchema,
  ended_at: TimestampSchema.nullable(),
  recipients: z.array(DrillRecipientSchema),
  /** How many people could be reached when it started, and whether that was too few. */
  reachable: z.int().min(0),
  too_few: z.boolean(),
});
export type Drill = z.infer<typeof DrillSchema>;
