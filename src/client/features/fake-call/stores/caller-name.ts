import { z } from 'zod';
import { FAKE_CALL } from '#shared/fake-call';
import { FAKE_CALL_TEXTS } from '#shared/fake-call-texts';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/** The caller name last scheduled, per person, on this phone: the next fake call offers it again. */
export const callerNameChoice = persistentStoreFamily<string>({
  keyFor: (userId) => `beacon-fake-call-caller:${userId}`,
  schema: z.string().min(1).max(FAKE_CALL.callerNameMaxLength),
  fallback: FAKE_CALL_TEXTS.defaultCallerName,
});
