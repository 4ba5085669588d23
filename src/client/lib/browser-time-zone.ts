import { isKnownTimeZone } from '#shared/schemas/field-rules';

/**
 * The IANA time zone this browser runs in ("America/New_York"), or null when it reports none the rule accepts.
 * The server writes SOS texts in the person's zone, so the app keeps the profile's copy current.
 */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && /^[A-Za-z]/.test(zone) && isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
