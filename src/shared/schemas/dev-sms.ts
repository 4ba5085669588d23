import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** One text the dev SMS outbox "sent" (GET /api/dev/sms-outbox, only when no SMS provider is configured). */
export const DevSmsMessageSchema = z.object({
  id: IdSchema,
  to: z.string(),
  body: z.string(),
  user_id: IdSchema.nullable(),
  created_at: TimestampSchema,
});
export type DevSmsMessage = z.infer<typeof DevSmsMessageSchema>;

export const DevSmsListSchema = z.object({ messages: z.array(DevSmsMessageSchema) });
export type DevSmsList = z.infer<typeof DevSmsListSchema>;
