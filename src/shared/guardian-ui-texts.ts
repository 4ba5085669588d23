/**
 * Client texts of the guardian area (docs/PRODUCT.md#guardians) that the first screen needs: a ward's alert as an
 * in-app notification, and relative times. Fixed wordings must not change; server-shared texts stay in texts.ts.
 * Screens that load on demand have their own module, so their texts are not in the first download (README,
 * "Bundle budget"): the Guardian Linking page and the Web Push opt-in guardian-linking-texts.ts, the guardian's
 * watch screen and the alert banners guardian-view-texts.ts, the public tracking page track-page-texts.ts.
 */

/** A ward's new alert: the in-app notification's title and the banner's. */
export const WARD_ALERT_TEXTS = {
  title: (name: string): string => `Emergency alert from ${name || 'your ward'}`,
} as const;

/** Relative times ("2 min ago") for "last updated" lines. */
export const TIME_TEXTS = {
  justNow: 'just now',
  secondsAgo: (seconds: number): string => `${seconds} s ago`,
  minutesAgo: (minutes: number): string => `${minutes} min ago`,
  hoursAgo: (hours: number): string => `${hours} h ago`,
  duration: (hours: number, minutes: number): string =>
    hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`,
} as const;
