import { z } from 'zod';

/** One e-mail the dev outbox "sent" (GET /api/dev/mail, only when no SMTP server is configured). */
export const DevMailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type DevMailMessage = z.infer<typeof DevMailMessageSchema>;

export const DevMailListSchema = z.object({ messages: z.array(DevMailMessageSchema) });
export type DevMailList = z.infer<typeof DevMailListSchema>;
