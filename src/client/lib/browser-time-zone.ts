import { isKnownTimeZone } from '#shared/schemas/field-rules';

type TemporalNow = { Now?: { timeZoneId?: () => string } };

/**
 * The IANA time zone this browser runs in ("America/New_York"), unchecked, or null when it reports none. Temporal
 * answers without building a date formatter; `Intl.DateTimeFormat()`, the fallback where Temporal is missing,
 * loads the default locale's formatting data first (measured in Chromium on this machine: 37–72 ms for the first
 * call, several times that on a slow phone).
 */
export function hostTimeZone(): string | null {
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** The browser's zone when it is a name ("Europe/Paris"), not an offset ("+05:00", which ignores summer time). */
export function hostTimeZoneName(): string | null {
  const zone = hostTimeZone();
  return zone && /^[A-Za-z]/.test(zone) ? zone : null;
}

/**
 * The browser's time zone when it is one the shared rule accepts (a name, known to this browser's Intl, which
 * builds a formatter to tell), else null: for formatting times here. The server writes SOS texts in the person's
 * zone, so the app keeps the profile's copy current.
 */
export function browserTimeZone(): string | null {
  const zone = hostTimeZoneName();
  return zone && isKnownTimeZone(zone) ? zone : null;
}
