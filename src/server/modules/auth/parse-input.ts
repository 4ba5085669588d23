import type { z } from 'zod';
import { VALIDATION } from '#shared/texts';
import { AppError } from '../../http/app-error';

/**
 * Validates a value the route schema could not (the token body depends on a query parameter) and answers like
 * the central handler does: 400 `validation_failed` with the first issue's message.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('validation_failed', result.error.issues[0]?.message ?? VALIDATION.invalidRequest);
}
