/** Texts of the dev SMS outbox; their own module so they download with it (README, "Bundle budget"). */
/** The dev SMS outbox page (/outbox). */
export const DEV_OUTBOX_TEXTS = {
  title: 'Sent texts (dev outbox)',
  description:
    'The texts and calls of your alerts, newest first: those kept here instead of being sent (no SMS provider is configured), and those that failed, with the reason.',
  link: 'Sent texts (dev outbox)',
  refresh: 'Refresh',
  empty: 'No texts sent yet',
  to: 'To',
  // The server answers 404 both when a real provider sends the texts and when this device is not the computer
  // running Beacon (the outbox answers only there): the text must be true in both cases.
  unavailable:
    'No dev outbox here: either a real SMS provider sends the texts, or this device is not the computer running Beacon.',
  loadFailed: 'The outbox could not be loaded.',
  kept: 'Kept here, not sent',
  failed: 'Failed: not sent',
  reason: (reason: string): string => `Reason: ${reason}`,
  unknownReason: 'Reason: not recorded',
  /** An escalation call: the outbox keeps the words it would have spoken. */
  call: 'Call',
  callWords: 'Would say:',
} as const;
