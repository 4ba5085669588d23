/** Words of Who You're Meeting (docs/PRODUCT.md#who-youre-meeting). The form's words join these with its code. */
import { MEETING_DEFAULTS } from './meeting-defaults';

/**
 * The refusals of a meeting (AlertMeetingSchema, meeting-photo.ts). Kept apart from the form's words: the schema
 * loads with every SOS (an alert may carry a meeting), the form only with the meeting log.
 */
export const MEETING_VALIDATION = {
  personTooLong: 'Person’s name must be at most 100 characters',
  locationTooLong: 'Location must be at most 200 characters',
  notesTooLong: 'Notes must be at most 500 characters',
  startInvalid: 'Start Time must be a date and time',
  endInvalid: 'Expected End must be a date and time',
  photoTooLarge: 'The photo is too large (at most 200 KB)',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image',
} as const;

export const MEETING_TEXTS = {
  ...MEETING_DEFAULTS,
  ...MEETING_VALIDATION,
  locationError: 'Location Error',
  locationErrorDescription: 'Could not get current location. Please enter manually.',
} as const;
