import type { FastifyRequest } from 'fastify';
import { VALIDATION } from '#shared/texts';
import { AppError } from './app-error';

const MAX_DEPTH = 32;

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a string carrying one would fail in the database (a 500).
 * A `preValidation` hook that answers 400 instead, for the body, the query string and the path parameters.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
    throw new AppError('validation_failed', VALIDATION.invalidRequest);
  }
}

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  // Deeper than any schema we accept: let the schema reject it rather than walk it.
  if (depth > MAX_DEPTH) return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item: unknown) => containsNul(item, depth + 1));
}
