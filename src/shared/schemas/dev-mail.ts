import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** One e-mail the dev outbox "sent" (GET /api/dev/mail, only when no SMTP server is configured). */
export const DevMailMessageSchema = z.object({
  id: IdSchema,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: TimestampSchema,
});
export type DevMailMessage = z.infer<typeof DevMailMessageSchema>;

export const DevMailListSchema = z.object({ messages: z.array(DevMailMessageSchema) });
export type DevMailList = z.infer<typeof DevMailListSchema>;
