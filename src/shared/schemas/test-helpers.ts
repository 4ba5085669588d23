import type { z } from 'zod';

/** The message a client would show for `value`: the first issue's, as the server's error handler answers. */
export function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
