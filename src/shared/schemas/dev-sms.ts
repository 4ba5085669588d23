import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/**
 * One text of the person's alerts in the dev SMS outbox (GET /api/dev/sms-outbox, only when no SMS provider is
 * configured): `kept` is a text the outbox holds instead of sending it; `failed` is one that was not sent at all
 * (an unreachable test number, a cap held it back), with the reason in `error`.
 */
export const DevSmsMessageSchema = z.object({
  id: IdSchema,
  to: z.string(),
  body: z.string(),
  user_id: IdSchema.nullable(),
  status: z.enum(['kept', 'failed']),
  error: z.string().nullable(),
  created_at: TimestampSchema,
});
export type DevSmsMessage = z.infer<typeof DevSmsMessageSchema>;

export const DevSmsListSchema = z.object({ messages: z.array(DevSmsMessageSchema) });
export type DevSmsList = z.infer<typeof DevSmsListSchema>;
