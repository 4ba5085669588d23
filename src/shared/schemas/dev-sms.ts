import { z } from 'zod';

/** One text the dev SMS outbox "sent" (GET /api/dev/sms-outbox, only when no SMS provider is configured). */
export const DevSmsMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type DevSmsMessage = z.infer<typeof DevSmsMessageSchema>;

export const DevSmsListSchema = z.object({ messages: z.array(DevSmsMessageSchema) });
export type DevSmsList = z.infer<typeof DevSmsListSchema>;
