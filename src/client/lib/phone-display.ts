import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a stored number (E.164) reads to a person: nationally for a number of the viewer's own country ("(704)
 * 555-0100" to someone in the US), internationally otherwise ("+44 7400 123456"). A number libphonenumber does
 * not know as valid is shown as stored. Loaded on demand (components/phone-number.tsx): the metadata would weigh
 * on the first download.
 */
export function formatPhoneForDisplay(phone: string, viewerRegion: string | null): string {
  const parsed = parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${phone}`);
  if (!parsed?.isValid()) return phone;
  return parsed.country && parsed.country === viewerRegion
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/**
 * The viewer's country from the browser's language: the region the tag names ("en-GB" → "GB"), else its likely
 * one ("de" → "DE"). Only a tag without a region asks for the likely-subtags data: on a slow phone loading it was a
 * long task of its own when the first number appeared.
 */
export function regionOfLanguage(language: string): string | null {
  try {
    const locale = new Intl.Locale(language);
    return locale.region ?? locale.maximize().region ?? null;
  } catch {
    return null;
  }
}
