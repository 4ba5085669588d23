import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/**
 * One text (or escalation call) of the person's alerts in the dev SMS outbox (GET /api/dev/sms-outbox, only when
 * no SMS provider is configured): `kept` is one the outbox holds instead of sending it; `failed` is one that was
 * not sent at all (an unreachable test number, a cap held it back), with the reason in `error`. A call
 * (`channel: 'voice'`) has the words it would speak as its `body`.
 */
export const DevSmsMessageSchema = z.object({
  id: IdSchema,
  channel: z.enum(['sms', 'voice']),
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
