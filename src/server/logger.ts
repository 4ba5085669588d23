import pino, { type Logger, type DestinationStream } from 'pino';
import { SENSITIVE_FIELD_FRAGMENTS } from '#shared/constants';

export const REDACTED = '[Redacted]';
const SENSITIVE = new RegExp(SENSITIVE_FIELD_FRAGMENTS.join('|'), 'i');

/**
 * True when a field's name says it may hold a secret, contact details or a location
 * (docs/PRODUCT.md#constants-and-limits).
 */
export const isSensitiveField = (name: string): boolean => SENSITIVE.test(name);

/**
 * Returns a copy with every sensitive field replaced, at any depth. pino's own `redact` needs exact paths; our
 * rule is by name fragment, so we walk the object instead.
 */
export function redactSensitive(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Past this depth we cannot afford to look, so we cannot vouch for it either: drop it.
  if (depth > 8) return '[Truncated]';
  if (value instanceof Error) return { type: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redactSensitive(item, depth + 1));
  // Class instances (a request, a response) are left to pino's serializers, which run after this.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = isSensitiveField(key) ? REDACTED : redactSensitive(field, depth + 1);
  }
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      formatters: { log: (object) => redactSensitive(object) as Record<string, unknown> },
      serializers: {
        // Request logs name the route, never the query string (it may carry a token or a position).
        req: (req: { method?: string; url?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          path: String(req.url ?? '').split('?')[0],
        }),
      },
    },
    destination,
  );
}
