/**
 * Words of the escalation setting (Settings › Emergency Settings › When nobody answers; docs/PRODUCT.md#when-nobody-answers):
 * the row, the dialog that shows the rules with the person's own time filled in, and the validation message the
 * server answers too. Their own module: they download with the settings dialog, never with the first screen.
 */
import { ALERT_ESCALATION } from './alert-life';

const { minSeconds, maxSeconds, repeatEverySeconds, maxRounds, callAfterSeconds } = ALERT_ESCALATION;

/** "2 minutes", "90 seconds", "1 minute 30 seconds": how long a number of seconds is, in words. */
export function durationInWords(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

export const ESCALATION_VALIDATION = {
  secondsRange: `The escalation time must be a whole number of seconds from ${minSeconds} to ${maxSeconds}`,
} as const;

export const ESCALATION_SETTINGS_TEXTS = {
  rowTitle: 'When nobody answers',
  rowDescription: (seconds: number): string => `Beacon escalates after ${durationInWords(seconds)}`,
  rowLoading: 'Escalation time',
  dialogTitle: 'When nobody answers',
  dialogDescription: 'What Beacon does when nobody responds to your alert.',
  /** The rules in plain words, with the person's time filled in (in the order they happen). */
  rules: (seconds: number): string[] => [
    `If nobody responds to your alert within ${durationInWords(seconds)}, Beacon sends your guardians' browsers the alert again and texts every contact it alerted again, starting "STILL NO RESPONSE".`,
    `${durationInWords(callAfterSeconds)} later, Beacon calls your first emergency contact and says who you are, what happened and where you are. They press 1 if they can help.`,
    `Then the texts and the call come again every ${durationInWords(repeatEverySeconds)}, until they have gone out ${maxRounds} times in all.`,
    'It stops as soon as a guardian or a contact responds, or when you tap "I\'m safe".',
  ],
  callNote:
    'Your first emergency contact is the one at the top of your list. Calls are placed only when this server has a calling service.',
  fieldLabel: 'Escalate after (seconds)',
  fieldHint: (defaultSeconds: number): string =>
    `From ${minSeconds} to ${maxSeconds} seconds. This server's default is ${defaultSeconds} seconds (${durationInWords(defaultSeconds)}).`,
  save: 'Save',
  saving: 'Saving…',
  useDefault: 'Use the default',
  saved: 'Escalation time saved',
  loadFailed: 'Could not load your escalation time.',
} as const;
