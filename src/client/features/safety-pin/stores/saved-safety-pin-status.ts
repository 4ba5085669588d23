import { z } from 'zod';
import { persistentStoreFamily } from '../../../lib/persistent-store';

/**
 * Whether the person has a safety PIN, as last read from the server, kept on this device so a countdown opened
 * without a connection still asks for it (docs/decisions/042-safety-pin-and-duress.md). Never the PIN itself.
 */
export const savedSafetyPinSet = persistentStoreFamily<boolean>({
  keyFor: (userId) => `beacon-safety-pin-set:${userId}`,
  schema: z.boolean(),
  fallback: false,
});
