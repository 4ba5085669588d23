/** Words of Who You're Meeting (docs/PRODUCT.md#who-youre-meeting). The form's words join these with its code. */
import { MEETING_DEFAULTS } from './meeting-defaults';

export const MEETING_TEXTS = {
  ...MEETING_DEFAULTS,
  personTooLong: 'Person’s name must be at most 100 characters',
  locationTooLong: 'Location must be at most 200 characters',
  notesTooLong: 'Notes must be at most 500 characters',
  startInvalid: 'Start Time must be a date and time',
  endInvalid: 'Expected End must be a date and time',
  photoTooLarge: 'The photo is too large (at most 200 KB)',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image',
  locationError: 'Location Error',
  locationErrorDescription: 'Could not get current location. Please enter manually.',
} as const;
