/**
 * The capability a ward's alert push gives one guardian: answering that alert from the notification, where the
 * service worker holds no session. An HMAC-SHA256 over the alert's and the guardian's ids with a server secret
 * (ALERT_RESPONSE_KEY_NAME in `server_secrets`), so nothing is stored per token and every instance verifies it.
 * It proves only who it was made for: whether that guardian may still answer (an active guardian, an alert not
 * ended) is decided when it is used (respond-as-guardian.ts). docs/decisions/038.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_RESPONSE_TOKEN_PATTERN, ALERT_RESPONSE_TOKEN_PREFIX } from '#shared/schemas/alert-respond';

/** The server secret the tokens are signed with (adapters/server-secrets.ts). */
export const ALERT_RESPONSE_KEY_NAME = 'alert-response-push-key';

/** Binds the MAC to this use, so the same secret could never vouch for anything else. */
const CONTEXT = 'beacon alert response push v1';

const hex = (uuid: string): string => uuid.replaceAll('-', '').toLowerCase();
const uuid = (digits: string): string =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

function mac(key: string, alertDigits: string, guardianDigits: string): Buffer {
  return createHmac('sha256', key).update(`${CONTEXT}\n${alertDigits}\n${guardianDigits}`).digest();
}

/** The token for `guardianId` to answer `alertId`. */
export function responseToken(key: string, alertId: string, guardianId: string): string {
  const a = hex(alertId);
  const g = hex(guardianId);
  return `${ALERT_RESPONSE_TOKEN_PREFIX}${a}${g}${mac(key, a, g).toString('base64url')}`;
}

/** Whom and which alert a genuine token names; null for anything this server did not make. */
export function verifyResponseToken(
  key: string,
  token: string,
): { alertId: string; guardianId: string } | null {
  if (!ALERT_RESPONSE_TOKEN_PATTERN.test(token)) return null;
  const body = token.slice(ALERT_RESPONSE_TOKEN_PREFIX.length);
  const a = body.slice(0, 32);
  const g = body.slice(32, 64);
  // Compared as text: base64url leaves the last character's low bits unused, so decoding first would accept a
  // second spelling of the same MAC.
  const given = Buffer.from(body.slice(64));
  const expected = Buffer.from(mac(key, a, g).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { alertId: uuid(a), guardianId: uuid(g) };
}
