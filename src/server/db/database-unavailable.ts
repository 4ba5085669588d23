/**
 * Tells a database that is down, stalled or going away from a genuine fault (a bug, a broken constraint). The
 * first answers 503 with Retry-After (http/error-handler.ts), the second 500. See docs/decisions/016.
 */

/** Node's socket errors: the server refused, reset, timed out or cannot be found. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception) is matched by prefix; the rest are the
 * server shutting down or starting, too many connections, and Beacon's own time-outs (statement_timeout cancels
 * with 57014, idle_in_transaction_session_timeout ends the session with 25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/**
 * node-postgres reports its own time-outs and broken connections as plain errors without a code; these are its
 * messages (pg 8, pg-pool 3). PGlite, which runs in this process, has one such state: it has been closed
 * (the server is shutting down).
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (isUnavailableItself(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof AggregateError && error.errors.some(isUnavailableItself)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  }
  return UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message));
}

/**
 * The `Retry-After` of a 503 for an unavailable database. The pools reconnect on the next query, so a retry can
 * succeed as soon as the database is back; 5 s is a little more than the connect time-out, so a retry does not
 * pile onto attempts still waiting.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
