/**
 * Texts of time zones, phone numbers and the deleted-account screen, kept in their own module so parallel work
 * on ui-texts.ts does not collide. Small, and imported by the first download (contact undo: contact-undo-texts.ts).
 */
export const TIME_ZONE_TEXTS = {
  invalid: 'Time zone must be an IANA time zone such as America/New_York',
} as const;

export const PHONE_TEXTS = {
  /** A number without a country code that is not a US or Canadian number. */
  needsCountryCode: 'Start the phone number with + and its country code (for example +44 7400 123456)',
} as const;

export const ACCOUNT_DELETED_TEXTS = {
  title: 'Your account was deleted',
  description:
    'Your Beacon account and its data (profile, emergency contacts, alerts, locations, share links and guardian links) were deleted from the server. You are signed out.',
  start: 'Back to the start',
} as const;
