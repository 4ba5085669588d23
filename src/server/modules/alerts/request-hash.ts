import { createHash } from 'node:crypto';

/**
 * A hash of what a request asked for, to tell a retry (same Idempotency-Key, same request) from a different
 * request under a reused key. It covers the parsed body as canonical JSON (keys sorted, absent fields left out)
 * and which endpoint was called. `raisedSecondsAgo` is left out by the caller: the device outbox replays an SOS
 * with a larger value each time (docs/decisions/004-late-sos-timing.md), and that is still the same SOS.
 */
export function requestHash(endpoint: string, body: object): string {
  return createHash('sha256').update(canonicalJson({ endpoint, body })).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
