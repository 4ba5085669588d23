import type { FastifyRequest } from 'fastify';
import { FIELD_ISSUE_TEXTS } from '#shared/texts';
import { fieldLabel } from '#shared/schemas/issue-message';
import { inputRefusal, type RequestPart } from './validation';

const MAX_DEPTH = 32;

/**
 * PostgreSQL cannot store U+0000, and half of a UTF-16 surrogate pair is not text at all: a JSON column refuses
 * it (a 500) and a text column silently turns it into U+FFFD (the person's words, changed). A `preValidation`
 * hook refuses both for every route, before any schema or handler sees them, naming the field.
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  const parts: Array<[RequestPart, unknown]> = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ];
  for (const [part, value] of parts) {
    const path = unstorablePath(value, []);
    if (path) throw inputRefusal(path, FIELD_ISSUE_TEXTS.unstorableText(fieldLabel(path)), part);
  }
}

/** The path of the first string (value or key) that cannot be stored, or null. */
export function unstorablePath(value: unknown, path: PropertyKey[], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  // Deeper than any schema we accept: let the schema refuse it rather than walk it.
  if (depth > MAX_DEPTH) return null;
  const entries: Array<[PropertyKey, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    // A key that cannot be stored cannot be named either: the refusal names the object that holds it.
    if (typeof key === 'string' && !isStorable(key)) return path;
    const found = unstorablePath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function isStorable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}
