/**
 * What Beacon says on an escalation call (the `voice` channel) and the errors of its provider. Server only: the
 * call is placed and answered by the server, so no screen loads this module.
 */
export const VOICE_CALL_TEXTS = {
  /** Said after the alert's own words, inside the key-press prompt. */
  pressOne: 'Press 1 if you can help.',
  /** Asked again after a key other than 1. */
  pressOneAgain: 'To say you can help, press 1.',
  /** Said when no key was pressed in time; the call then ends. */
  noKeyPressed: 'No key was pressed. Please try to reach them now. Goodbye.',
  /** Said after the contact pressed 1: their answer is on the alert, which the person and guardians see. */
  thanks: 'Thank you. Your answer has been passed on. Please reach them as soon as you can. Goodbye.',
  /** Said after a 1 pressed once the person has already said they are safe. */
  alreadySafe: 'Thank you. They have already said they are safe. Goodbye.',
  /** The provider's answers, as a delivery's `last_error` shows them. */
  errors: {
    timeout: 'The voice provider did not answer in time',
    unreachable: 'Could not reach the voice provider',
    busy: (detail: string) => `The voice provider is busy (${detail})`,
    problem: (detail: string) => `The voice provider had a problem (${detail})`,
    refused: (detail: string) => `The voice provider refused the call (${detail})`,
  },
  /** A callback whose signature is missing or wrong (403). */
  badSignature: 'This request is not signed by the voice provider',
} as const;
