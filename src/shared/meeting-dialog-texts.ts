/**
 * The words of the Who You're Meeting dialog (docs/PRODUCT.md#who-youre-meeting), in their own module so they
 * download with the dialog; the defaults, limits and messages the alert shares are in meeting-texts.ts.
 */
export const MEETING_DIALOG_TEXTS = {
  title: 'Who You’re Meeting',
  description:
    'Kept on this phone only. If you raise an alert during the meeting, it goes with the alert to your contacts and guardians.',
  person: 'Person’s Name',
  personPlaceholder: 'Who are you meeting?',
  photo: 'Photo',
  takePhoto: 'Take Photo',
  choosePhoto: 'From Gallery',
  removePhoto: 'Remove photo',
  preparingPhoto: 'Preparing photo…',
  photoPreview: 'The photo you chose',
  photoFailedTitle: 'Photo Error',
  photoFailed: 'This image could not be read. Try another one.',
  where: 'Where are you?',
  wherePlaceholder: 'Address or place',
  useGps: 'Use my current location',
  gettingGps: 'Getting your location…',
  startTime: 'Start Time',
  endTime: 'Expected End',
  startTimeInvalid: 'Start Time must be a time of day',
  endTimeInvalid: 'Expected End must be a time of day',
  notes: 'Notes',
  notesPlaceholder: 'Anything that would help someone find you',
  save: 'Save Meeting Details',
  savedTitle: 'Meeting Saved',
  saved: 'Kept on this phone only.',
  /** Local storage refused the photo (full): the rest is kept. */
  photoNotKept:
    'The photo could not be kept on this phone (its storage is full). The other details were saved.',
  recentTitle: 'Recent Meetings',
  recentEmpty: 'No meetings saved yet.',
  /** The list keeps MEETING.keep entries. */
  recentHint: (keep: number): string => `The last ${keep} are kept; the oldest goes when you save another.`,
  start: 'Start',
  end: 'Expected End',
  photoOf: (person: string): string => `Photo of ${person}`,
  deleteEntry: (person: string): string => `Delete meeting with ${person}`,
  deletedTitle: 'Meeting Deleted',
} as const;
