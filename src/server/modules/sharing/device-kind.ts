import type { DeviceKind } from '#shared/schemas/sharing';

/**
 * A coarse guess at the kind of device from its User-Agent: enough for "a phone looked", never a fingerprint.
 * Tablets first (an Android tablet says Android without Mobile; iPadOS often says Macintosh and counts as a
 * computer), then phones, then the desktop systems; anything else is unknown.
 */
export function deviceKindOf(userAgent: string | undefined): DeviceKind {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry/i.test(userAgent)) return 'phone';
  if (/Windows NT|Macintosh|Mac OS X|X11|Linux|CrOS/i.test(userAgent)) return 'computer';
  return 'unknown';
}
