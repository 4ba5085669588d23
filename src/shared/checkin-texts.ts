/**
 * The words of the Safety Check-In page (/checkin, docs/PRODUCT.md#safety-check-in), loaded with it. The
 * refusals the server sends are in journey-texts.ts (CHECK_IN_API_TEXTS).
 */
import { CHECK_IN } from './constants';

export const CHECK_IN_TEXTS = {
  title: 'Safety Check-In',
  description: 'Check in regularly. If you miss a check-in, Beacon alerts your emergency contacts.',
  back: 'Back to home',
  statusLabel: 'Status',
  statusActive: 'Active',
  statusInactive: 'Inactive',
  statusMissed: 'Missed',
  nextLabel: 'Next check-in',
  /** Whole minutes left, counted from the server's next_due_at. */
  minutesRemaining: (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`),
  dueNow: 'Due now',
  notScheduled: 'Not scheduled',
  locationLabel: 'Location',
  locationUnknown: 'Location unknown',
  intervalLabel: 'Check-in interval (minutes)',
  intervalHint: `Between ${CHECK_IN.minMinutes} and ${CHECK_IN.maxMinutes} minutes.`,
  start: 'Start Check-in',
  starting: 'Starting...',
  checkInNow: 'Check-in Now',
  stop: 'Stop Check-in',
  checkedIn: 'Checked in',
  checkedInDescription: (minutes: number) => `Your next check-in is due in ${minutes} minutes.`,
  stopped: 'Check-in stopped',
  started: 'Check-in started',
  startedDescription: (minutes: number) => `Check in within ${minutes} minutes.`,
  contactsTitle: 'Emergency Contacts',
  contactsDescription: 'They are alerted if you miss a check-in.',
  addContacts: 'Add emergency contacts',
  /** The server raised a checkin_missed alert (alert_id present): only then is anyone said to be notified. */
  expiredTitle: 'Check-in Expired',
  expiredNotified: 'You missed your check-in. Your emergency contacts were notified.',
  /** Missed without an alert (alert_id null): nobody was told, and the screen says so. */
  expiredNotNotified: 'You missed your check-in. No alert was sent to anyone.',
  expiredStartAgain: 'Start a new check-in when you are ready.',
} as const;
