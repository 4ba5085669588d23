/** The Fake Call dialog (docs/PRODUCT.md#fake-call): who calls, and when. */
import { z } from 'zod';
import { FAKE_CALL } from '../fake-call';
import { FAKE_CALL_TEXTS } from '../fake-call-texts';

export const FakeCallFormSchema = z.object({
  callerName: z
    .string()
    .trim()
    .min(1, FAKE_CALL_TEXTS.callerNameRequired)
    .max(FAKE_CALL.callerNameMaxLength, FAKE_CALL_TEXTS.callerNameTooLong(FAKE_CALL.callerNameMaxLength)),
  /** A radio group's value is a string: one of the offered delays, as milliseconds. */
  delayMs: z.string().transform(Number).pipe(z.literal(FAKE_CALL.delaysMs)),
});
export type FakeCallFormValues = z.input<typeof FakeCallFormSchema>;
