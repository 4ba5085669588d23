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
