import { SAFETY_PIN } from './constants';

/**
 * Every wording of the safety PIN and the duress PIN: the schema's messages, the server's refusals, the settings
 * dialog and the PIN prompt. Loaded with those screens and the server, never with the first screen.
 */
const digits = `${SAFETY_PIN.minDigits} to ${SAFETY_PIN.maxDigits} digits`;

export const SAFETY_PIN_VALIDATION = {
  pinFormat: `A PIN is ${digits}.`,
  pinRequired: 'Enter your safety PIN.',
  pinsMustDiffer: 'The duress PIN must differ from the safety PIN.',
  duressNeedsSafety: 'Set a safety PIN to have a duress PIN.',
  passwordRequired: 'Enter your account password.',
} as const;

export const SAFETY_PIN_ERRORS = {
  /** The same words for every PIN that is not the safety PIN: never says which PINs exist. */
  pinWrong: 'That PIN is not correct.',
  tooManyWrong: 'Too many wrong PINs. Try again later: until then everything stays as it is.',
} as const;

export const SAFETY_PIN_SETTINGS_TEXTS = {
  rowTitle: 'Safety PIN',
  rowOn: 'On: asked to end an alert or a late journey',
  rowOff: 'Off',
  title: 'Safety PIN',
  description:
    'When a safety PIN is set, Beacon asks for it before an alert is marked safe, a journey is ended after its time, or a detected danger is cancelled.',
  duressExplained:
    'A duress PIN (optional) looks exactly like the safety PIN on this phone, but silently warns your contacts and guardians that you may be forced to cancel.',
  safetyPin: 'Safety PIN',
  duressPin: 'Duress PIN (optional)',
  duressHint: 'Leave it empty for none. It replaces any duress PIN you set before.',
  password: 'Account password',
  passwordHint: 'Needed to set, change or remove your PINs.',
  save: 'Save PINs',
  saving: 'Saving…',
  remove: 'Remove PINs',
  saved: 'Safety PIN saved',
  removed: 'Safety PIN removed',
  cancel: 'Cancel',
} as const;

export const PIN_PROMPT_TEXTS = {
  title: 'Enter your safety PIN',
  description: 'Your safety PIN is needed to do this.',
  label: 'Safety PIN',
  confirm: 'Confirm',
  checking: 'Checking…',
  cancel: 'Back',
} as const;

export const SAFETY_PIN_COUNTDOWN_TEXTS = {
  description:
    'Enter your safety PIN to cancel. The countdown keeps running: at zero your contacts are alerted.',
} as const;
