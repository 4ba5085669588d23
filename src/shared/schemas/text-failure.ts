/**
 * A contact whose texts keep failing (SAFETY_NETWORK.failedInARow in a row), derived from the alert texts Beacon
 * sent to their number: the provider's reason (or the limit that held the last one back) and when.
 */
import { z } from 'zod';
import { TimestampSchema } from './common';

export const TextFailureSchema = z.object({
  /** The provider's reason for the last failed text, or why a limit held it back. */
  reason: z.string(),
  /** When the last failed text failed. */
  failed_at: TimestampSchema,
  /** How many texts in a row failed, counted up to SAFETY_NETWORK.failedInARow. */
  failed_in_a_row: z.int().min(1),
});
export type TextFailure = z.infer<typeof TextFailureSchema>;
