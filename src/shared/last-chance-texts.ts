/**
 * The words of the last chance before a journey's alert (docs/PRODUCT.md#last-chance-before-contacts-are-texted):
 * the pushes to the person's own devices, the prompt on the escort, check-in and dashboard screens, the dashboard's
 * journey card and the setting. Their own module so they download with those screens, not with the first one.
 */
import { LAST_CHANCE } from './last-chance';

/** "2 minutes", "1 minute". */
export function minutesWords(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const LAST_CHANCE_PUSH_TEXTS = {
  warningTitle: '5 minutes left',
  warningBody: (kind: 'escort' | 'checkin'): string =>
    kind === 'escort'
      ? '5 minutes left — tap to add time or say you arrived.'
      : '5 minutes left — tap to check in.',
  lastChanceTitle: 'Are you safe?',
  lastChanceBody: (minutes: number): string =>
    `Are you safe? Your contacts will be texted in ${minutesWords(minutes)}. Tap to say you are safe or add time.`,
} as const;

export const LAST_CHANCE_TEXTS = {
  promptTitle: 'Are you safe?',
  /** The countdown to the server's alert, as "m:ss". */
  promptBody: (countdown: string): string => `Your contacts will be texted in ${countdown}.`,
  promptTextingNow: 'Your contacts are being texted now.',
  imSafe: "I'm Safe",
  checkIn: 'Check In Now',
  addTime: 'Add time',
  addTimeMinutes: (minutes: number): string => `+${minutes} min`,
  warningTitle: '5 minutes left',
  warningBody: 'Add time or say you are safe before your deadline.',
  // The dashboard's card of a running journey.
  escortCardTitle: (destination: string): string => `Escort to ${destination}`,
  checkInCardTitle: 'Safety check-in',
  timeLeft: (countdown: string): string => `${countdown} left`,
  openEscort: 'Open escort',
  openCheckIn: 'Open check-in',
  ended: 'Done. Your journey has ended.',
  actionFailed: 'That did not reach Beacon. Check your connection and try again.',
} as const;

export const LAST_CHANCE_SETTING_TEXTS = {
  label: 'Last chance before contacts are texted',
  description:
    'When an escort or check-in runs out, Beacon asks "Are you safe?" on your phone for this long before it texts your contacts. 0 texts them straight away.',
  choice: (minutes: number): string => (minutes === 0 ? 'No last chance' : minutesWords(minutes)),
  saved: 'Last chance saved',
  range: `Choose between ${LAST_CHANCE.minMinutes} and ${LAST_CHANCE.maxMinutes} minutes.`,
} as const;
