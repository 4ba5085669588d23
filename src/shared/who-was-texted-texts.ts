/**
 * The active-alert screen's "Who was texted" (ACTIVE_ALERT_TEXTS.contactsTitle): only contacts whose text went out
 * are listed under it; the others are listed apart, saying what happened to their text, and each contact's text
 * has its status. Loaded with that screen, not with the first one (README, "Bundle budget").
 */
export const WHO_WAS_TEXTED_TEXTS = {
  nobodyYet: 'Nobody has been texted yet.',
  nobody: 'Nobody was texted.',
  inProgressTitle: 'Not texted yet',
  inProgressHint: 'Beacon is still sending these texts.',
  notTextedTitle: 'Not texted',
  notTextedHint: 'These contacts did not get your alert from Beacon. Call them, or text them yourself.',
} as const;

/** The per-contact delivery panel shown after an alert. */
export const DELIVERY_TEXTS = {
  status: {
    pending: 'Retrying',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    kept_in_dev_outbox: 'Not sent (dev outbox)',
    cancelled: 'Not sent (you were safe first)',
  },
  heldBack: 'Held back',
  unknownRecipient: 'Unknown contact',
} as const;
