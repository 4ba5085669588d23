/**
 * Texts of the dashboard that the first screen shows: the navigation that reaches every screen, the skip link
 * (docs/PRODUCT.md#dashboard, #navigation) and the readiness card's placeholder. The card itself and the first
 * run's offer load right after the dashboard has shown, with their texts (readiness-texts.ts).
 */

/** The readiness card while it is not known yet whether Beacon is ready, and its placeholder while it loads. */
export const READINESS_CHECKING = 'Checking…';

/** The navigation on wide screens and the skip link (docs/PRODUCT.md#navigation). */
export const APP_NAV_TEXTS = {
  skipToSos: 'Skip to SOS',
  guardianView: 'Guardian View',
} as const;
