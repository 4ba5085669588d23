/**
 * Texts of an alert's end (docs/PRODUCT.md#an-alert-has-a-beginning-and-an-end): the ward's active-alert screen,
 * the all-clear follow-up each texted contact receives after "I'm safe", and the guardian's all-clear push.
 */
import { formatTextTime } from './alert-sms-text';
import { APP_NAME } from './constants';

const nameOf = (fullName: string | null): string => fullName?.trim() || `A ${APP_NAME} user`;

/**
 * The follow-up text to every contact the SOS reached. Plain and short, with when the person said so, so a
 * contact reading it late knows which is the newer news.
 */
export function buildAllClearSms(input: {
  fullName: string | null;
  at: Date;
  /** The person's IANA zone (as in the alert text); UTC without one. */
  timeZone?: string | null;
}): string {
  const name = nameOf(input.fullName);
  return [
    `${APP_NAME}: ${name} says they are safe now.`,
    `They ended their SOS alert at ${formatTextTime(input.at, input.timeZone)}.`,
  ].join('\n');
}

/** The guardian's push after "I'm safe"; it replaces the alert's own notification (same tag). */
export const ALL_CLEAR_PUSH_TEXTS = {
  title: (wardName: string): string => `${wardName || 'Your ward'} is safe`,
  body: (wardName: string, at: Date, timeZone?: string | null): string =>
    `${wardName || 'Your ward'} says they are safe now (alert ended ${formatTextTime(at, timeZone)}).`,
} as const;

/** Why an alert text was not sent: the person said they were safe before it went out. */
export const CANCELLED_DELIVERY_ERROR = 'Not sent: the person said they were safe before it went out';

/** The ward's active-alert screen. */
export const ACTIVE_ALERT_TEXTS = {
  /** The state after an SOS: a screen that stays until "I'm safe", not a banner that goes by itself. */
  title: 'Emergency Mode Active',
  description:
    'Each contact and how their text stands is below. This stays on every device you are signed in on until you say you are safe.',
  raisedAt: (time: string): string => `Raised at ${time}`,
  contactsTitle: 'Who was texted',
  noContacts: 'No contacts were texted.',
  textThemYourself: 'Text them yourself',
  call: (name: string): string => `Call ${name}`,
  sharingOn: 'Your position is being shared while this alert is active.',
  sharingOff: 'Your position is not being shared. Turn on Share Location in Settings › Privacy.',
  sharingNoPermission: 'Your position is not being shared: this browser has no location permission.',
  sharingUnknown:
    'Your position is sent while this alert is active; it reaches your contacts if Share Location is on (your settings have not loaded yet).',
  imSafe: "I'm safe",
  imSafeHint: 'Ends your alerts and tells everyone who got them that you are safe.',
  ending: 'Ending the alert…',
  endFailed: 'The alert could not be ended. Check your connection and try again.',
  ended: 'Alert ended',
  endedDescription: 'Everyone who got your alert is being told that you are safe.',
  otherActive: (count: number): string =>
    count === 1
      ? "You raised 1 more alert before this one; I'm safe ends it too."
      : `You raised ${count} more alerts before this one; I'm safe ends them too.`,
  /** "I'm safe" asks once: it cannot be undone and tells everyone to stop looking (the countdown guards an SOS). */
  confirmTitle: 'Tell everyone you are safe?',
  confirmDescription:
    'This ends your alert. Everyone who got it is told that you are safe and can stop looking. It cannot be undone.',
  confirmKeep: 'Keep the alert on',
  confirmEnd: "Yes, I'm safe",
} as const;
