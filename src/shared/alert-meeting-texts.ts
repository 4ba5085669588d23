/**
 * How an alert's meeting shows (docs/PRODUCT.md#who-youre-meeting): on the person's active-alert screen and in a
 * guardian's view of a ward's alert. Their own module, loaded with those screens.
 */
import { MEETING_DEFAULTS } from './meeting-defaults';

export const ALERT_MEETING_TEXTS = {
  /** The person's own active-alert screen. */
  sharedTitle: 'Your meeting went with this alert',
  sharedDescription:
    'Your contacts’ text names whom you are meeting, where and since when. Your guardians also see your notes and the photo.',
  /** A guardian's view of a ward's alert. */
  title: 'Who they are meeting',
  person: 'Who',
  location: 'Where',
  since: 'Since',
  expectedEnd: 'Expected end',
  notes: 'Notes',
  photoOf: (person: string): string => `Photo of ${person}`,
  photoLoading: 'Loading the photo…',
  photoFailed: 'The photo could not be loaded.',
  ...MEETING_DEFAULTS,
} as const;
