/** The Who You're Meeting form (docs/PRODUCT.md#who-youre-meeting): every field optional. */
import { z } from 'zod';
import { MEETING_DIALOG_TEXTS } from '../meeting-dialog-texts';
import { AlertMeetingSchema } from './meeting';

/** What a time input holds: "hh:mm" (seconds when the browser adds them), or nothing. */
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

const clockTime = (message: string) =>
  z.string().refine((value) => value === '' || CLOCK_TIME.test(value), message);

/**
 * The name, the place and the notes follow the rules of the meeting an alert carries, so whatever is saved can go
 * with an alert as it is; the two times are times of day, turned into instants when the entry is saved.
 */
export const MeetingFormSchema = AlertMeetingSchema.pick({
  person: true,
  location: true,
  notes: true,
}).extend({
  startTime: clockTime(MEETING_DIALOG_TEXTS.startTimeInvalid),
  endTime: clockTime(MEETING_DIALOG_TEXTS.endTimeInvalid),
});
export type MeetingFormValues = z.input<typeof MeetingFormSchema>;
export type MeetingForm = z.output<typeof MeetingFormSchema>;
