/**
 * What the voice provider posts to a call's callbacks (a form; Twilio's parameter names). Only the fields Beacon
 * reads are checked; the rest (CallSid, From, To, …) are kept, since the request's signature covers them too.
 */
import { z } from 'zod';

const Value = z.string().max(200);

/** The status callback: the call's `CallStatus`, and who answered (`AnsweredBy`, with machine detection). */
export const CallStatusCallbackSchema = z
  .looseObject({
    CallStatus: Value,
    AnsweredBy: Value.optional(),
  })
  .meta({
    example: { CallSid: 'CA0123456789abcdef0123456789abcdef', CallStatus: 'completed', AnsweredBy: 'human' },
  });
export type CallStatusCallback = z.infer<typeof CallStatusCallbackSchema>;

/** The gather callback: the key pressed (`Digits`), and who answered. */
export const CallGatherCallbackSchema = z
  .looseObject({
    Digits: Value.optional(),
    AnsweredBy: Value.optional(),
  })
  .meta({ example: { CallSid: 'CA0123456789abcdef0123456789abcdef', Digits: '1', AnsweredBy: 'human' } });
export type CallGatherCallback = z.infer<typeof CallGatherCallbackSchema>;
