import type { z } from 'zod';
import { describeIssue } from './issue-message';

/**
 * The message of the first issue, worded as the server words it: the schema's own message, else one that
 * names the field (issue-message.ts).
 */
export function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value, { error: (issue) => describeIssue(issue) });
  return result.success ? undefined : result.error.issues[0]?.message;
}
