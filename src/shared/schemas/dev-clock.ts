import { z } from 'zod';
import { TimestampSchema } from './common';

/** At most a week per step: more than any journey lasts. */
const MAX_ADVANCE_MS = 7 * 24 * 3_600_000;

/**
 * POST /api/dev/clock (development with DEV_CLOCK_CONTROL=true only): moves the server's clock forward by
 * `advanceMs`, so a browser test makes an escort's deadline pass without waiting for it.
 */
export const DevClockRequestSchema = z
  .object(
    {
      advanceMs: z
        .number({ error: 'advanceMs must be a number of milliseconds' })
        .int('advanceMs must be a whole number of milliseconds')
        .min(0, 'advanceMs must not be negative')
        .max(MAX_ADVANCE_MS, `advanceMs must be at most ${MAX_ADVANCE_MS}`),
    },
    { error: 'Send {advanceMs}' },
  )
  .meta({ example: { advanceMs: 600_000 } });
export type DevClockRequest = z.input<typeof DevClockRequestSchema>;

/** The server's time after the move, and how far ahead of real time it now runs. */
export const DevClockResponseSchema = z.object({ now: TimestampSchema, offsetMs: z.int() });
export type DevClockResponse = z.infer<typeof DevClockResponseSchema>;
