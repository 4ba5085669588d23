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
