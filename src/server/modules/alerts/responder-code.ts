/**
 * A contact's responder code: derived from the delivery id of their text with a server secret, never stored.
 * The database keeps only its hash, and the delivery job derives the code again whenever it sends the text, so
 * a retried or resumed send carries exactly the same link (docs/decisions/039-the-contacts-responder-page.md).
 */
import { createHash, createHmac } from 'node:crypto';
import { RESPONDER_PAGE_PATH } from '#shared/constants';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 26 base32 characters: 130 bits of the HMAC, lower case so a phone that capitalises a link still opens it. */
const LENGTH = 26;

/** The code of the text `deliveryId` (HMAC-SHA-256 of the id with the server's responder key, in base32). */
export function responderCode(key: string, deliveryId: string): string {
  const digest = createHmac('sha256', key).update(`responder-link:${deliveryId}`).digest();
  let code = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < LENGTH) {
      code += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (code.length === LENGTH) break;
    value &= (1 << bits) - 1;
  }
  return code;
}

/** What the database keeps of a code: its SHA-256 (the code has 130 random bits; no salt or stretching needed). */
export function responderCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase()).digest('hex');
}

export function responderUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${RESPONDER_PAGE_PATH}/${code}`;
}
