import { createHash } from 'node:crypto';

/** Crockford's base 32 without I, L, O and U: nothing to misread on a phone screen. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;

/**
 * The short reference a text carries ("Ref 7K2QXM"), derived from the delivery id: the same for every attempt of
 * one delivery, so after a crash the message list can show whether that delivery already went. Six characters
 * are 30 bits: two deliveries to one number within the same few minutes share one about once in a billion.
 */
export function smsReference(deliveryId: string): string {
  const digest = createHash('sha256').update(deliveryId).digest();
  let reference = '';
  for (let i = 0; i < LENGTH; i++) reference += ALPHABET[digest[i]! % ALPHABET.length];
  return reference;
}

/** The text as sent: the body, then the reference on its own line. */
export function withReference(body: string, deliveryId: string): string {
  return `${body}\nRef ${smsReference(deliveryId)}`;
}

/** Whether a text sent earlier carries this delivery's reference. */
export function hasReference(sentBody: string, deliveryId: string): boolean {
  return sentBody.includes(`Ref ${smsReference(deliveryId)}`);
}
