import { DEFAULT_COUNTRY_PREFIX } from './constants';

/**
 * Normalises a phone number for SMS: a number without a leading `+` loses every non-digit and
 * gains the default country prefix; a number with `+` is kept, minus spaces and punctuation.
 * See docs/PRODUCT.md#phone-numbers.
 */
export function normalisePhoneNumber(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) return `+${trimmed.slice(1).replace(/\D/g, '')}`;
  return `${DEFAULT_COUNTRY_PREFIX}${trimmed.replace(/\D/g, '')}`;
}

/** What people type between digits: spaces, dots, dashes, slashes and brackets ("(704) 555-0100"). */
const PUNCTUATION = /[\s().\-/\u00a0]/g;
/** A US or Canadian (NANP) number without its country code: area code and exchange never start with 0 or 1. */
const NANP_NATIONAL = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * A number as a person typed it, written as E.164 where that is certain, for storing (docs/PRODUCT.md#phone-numbers):
 * "+1 704 555 0100" and "0044 7400 123456" keep their country code; "(704) 555-0100" and "1-704-555-0100" have the
 * shape of a US or Canadian number and get +1, Beacon's default country. Any other number without a country code
 * is returned compacted and without `+`, and the phone rule refuses it asking for the code: guessing a country
 * could text a stranger. Shared by the client's forms and the server's schemas, so both store the same number.
 */
export function normaliseTypedPhoneNumber(phone: string): string {
  const compact = phone.trim().replace(PUNCTUATION, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (NANP_NATIONAL.test(compact)) return `${DEFAULT_COUNTRY_PREFIX}${compact}`;
  if (compact.length === 11 && compact.startsWith('1') && NANP_NATIONAL.test(compact.slice(1))) {
    return `+${compact}`;
  }
  return compact;
}
