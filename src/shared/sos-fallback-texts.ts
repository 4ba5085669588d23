/**
 * What the phone says about an SOS the server has not taken (docs/PRODUCT.md#offline-sos): saved on the phone and
 * waiting for the server, or refused by it; and the messaging-app offer that goes with both. Its own module: it
 * downloads with the panel that shows it (features/sos/components/sos-fallback-panel.tsx), not with the first screen.
 */
export const MESSAGING_APP_TEXTS = {
  textContacts: 'Text your contacts from your phone',
  /** The device may have no messaging app (a desktop browser): the link is still offered, with this hint. */
  mayNotOpen: 'If nothing opens, this device cannot send texts: use a phone, or call 911.',
  noContactsSaved:
    'No contacts are saved on this phone, so your messaging app cannot be offered. Call 911 if you need help now.',
} as const;

/** An SOS waiting in the device outbox: one calm, true sentence, no alarm (the alert is safe on the phone). */
export const SAVED_ALERT_TEXTS = {
  title: 'Saved — Beacon sends it the moment it reaches the server',
  description:
    'Your alert is kept on this phone until then. To reach your contacts right now, text them yourself.',
  sendNow: 'Try sending now',
} as const;

/** An SOS the server refused (a 4xx other than 401 and 429): it was not sent, why, and what still works. */
export const UNSENT_ALERT_TEXTS = {
  /** The title is ALERT_OUTCOME_TEXTS.errorTitle (ui-texts.ts), which the in-app notification uses too. */
  /** `reason` is the server's own message, shown as it is. */
  reason: (reason: string): string => `The server refused it: ${reason}`,
  whatNow: 'Text your contacts from your phone, or call 911.',
  /** The server was not reached and this phone could not keep the alert to send later (storage switched off). */
  notSaved: 'It could not reach the server, and this phone could not keep it to send later.',
  dismiss: 'Dismiss',
} as const;
