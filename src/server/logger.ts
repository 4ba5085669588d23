import pino, { type Logger, type DestinationStream } from 'pino';
import { RESPONDER_PAGE_PATH, SENSITIVE_FIELD_FRAGMENTS, TRACK_PAGE_PATH } from '#shared/constants';
import { ALERT_RESPONSE_TOKEN_PREFIX } from '#shared/schemas/alert-respond';

export const REDACTED = '[Redacted]';
const SENSITIVE = new RegExp(SENSITIVE_FIELD_FRAGMENTS.join('|'), 'i');

/**
 * True when a field's name says it may hold a secret, contact details or a location
 * (docs/PRODUCT.md#constants-and-limits).
 */
export const isSensitiveField = (name: string): boolean => SENSITIVE.test(name);

/**
 * A share code is a bearer capability: whoever reads it follows the person live. It travels in the path
 * (`/track/{code}`, `/api/track/{code}`), so every logged text has the segment after `/track/` replaced. So is a
 * contact's responder code (`/r/{code}`, `/api/responder/{code}`): whoever reads it answers the alert as them.
 */
const CAPABILITY_PATH = new RegExp(
  `(${TRACK_PAGE_PATH}/|${RESPONDER_PAGE_PATH}/|/api/responder/)[^/?#\\s"']+`,
  'gi',
);

/**
 * A media URL's signature is a bearer capability too (modules/recordings: whoever holds the URL plays the recording
 * until it expires). It travels in the query string, which request logs leave out, but a URL can still appear in a
 * message or a field (a route not found, an error).
 */
const CAPABILITY_QUERY = /([?&](?:amp;)?signature=)[^&\s"'#]+/gi;

/**
 * An alert push's answer token is a bearer capability too (modules/alerts/response-token.ts: whoever holds it
 * answers that alert as that guardian). It belongs in a request body, whose `token` field is redacted by name, but
 * a client that puts it in a path or a query string must not get it into a log either: its prefix marks it
 * wherever it appears.
 */
const CAPABILITY_TOKEN = new RegExp(`(${ALERT_RESPONSE_TOKEN_PREFIX})[A-Za-z0-9_-]+`, 'g');

/**
 * `text` with every share code, media URL signature and answer token replaced. A percent-encoded path (`/%74rack/…`, which the router decodes and
 * serves) is matched in its decoded form, so encoding cannot smuggle a code past the rule.
 */
export function redactCapabilityPaths(text: string): string {
  const decoded = text.includes('%') ? safeDecode(text) : text;
  CAPABILITY_PATH.lastIndex = 0;
  CAPABILITY_QUERY.lastIndex = 0;
  CAPABILITY_TOKEN.lastIndex = 0;
  if (!CAPABILITY_PATH.test(decoded) && !CAPABILITY_QUERY.test(decoded) && !CAPABILITY_TOKEN.test(decoded)) {
    return text;
  }
  return decoded
    .replace(CAPABILITY_PATH, `$1${REDACTED}`)
    .replace(CAPABILITY_QUERY, `$1${REDACTED}`)
    .replace(CAPABILITY_TOKEN, `$1${REDACTED}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path of a request URL as logs show it: no query string (a token or a position), no share or responder code. */
export function loggedPath(url: string): string {
  return redactCapabilityPaths(url.split('?')[0] ?? '');
}

/**
 * Returns a copy with every sensitive field replaced, at any depth. pino's own `redact` needs exact paths; our
 * rule is by name fragment, so we walk the object instead.
 */
export function redactSensitive(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactCapabilityPaths(value);
  if (value === null || typeof value !== 'object') return value;
  // Past this depth we cannot afford to look, so we cannot vouch for it either: drop it.
  if (depth > 8) return '[Truncated]';
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactCapabilityPaths(value.message),
      stack: value.stack && redactCapabilityPaths(value.stack),
    };
  }
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
      hooks: {
        // The message text too: Fastify writes raw URLs into some (e.g. "Route GET:/track/… not found").
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactCapabilityPaths(arg) : arg)) as typeof args,
          );
        },
      },
      serializers: {
        // Request logs name the route, never the query string (it may carry a token or a position) nor a share
        // code.
        req: (req: { method?: string; url?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          path: loggedPath(String(req.url ?? '')),
        }),
      },
    },
    destination,
  );
}
