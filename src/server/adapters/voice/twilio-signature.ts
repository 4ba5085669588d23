/**
 * Twilio signs every request it makes to us (`X-Twilio-Signature`): HMAC-SHA1, keyed with the account's auth
 * token, over the full URL it requested followed by each POST parameter's name and value, sorted by name (a name
 * given twice: its distinct values, sorted), base64-encoded. The URL is the one Beacon gave Twilio, built from PUBLIC_URL,
 * never from the request's Host header, which the caller chooses.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The POST parameters as the form carried them: a name given twice has a list of values. */
export type SignedParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The signature Twilio computes for a request to `url` with these POST parameters. */
export function twilioSignature(authToken: string, url: string, params: SignedParams): string {
  const names = Object.keys(params).sort();
  let data = url;
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    const values = typeof value === 'string' ? [value] : [...new Set(value)].sort();
    for (const one of values) data += name + one;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` (the header, possibly absent) is Twilio's for this request; compared in constant time. */
export function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: SignedParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a length that differs is refused without comparing (it says nothing).
  return given.length === expected.length && timingSafeEqual(given, expected);
}
